/**
 * What went wrong with a submit, in the one shape the account forms show: a message under one field
 * (docs/product/forms.md#form-behaviour: only the first error, under its field), or a message for the
 * whole form. Failures that are the site's own (the server failing, an answer it cannot read) keep
 * the error so the visitor can report it; a wrong password, a validation message or a lost
 * connection never offers a report (docs/product/forms.md#error-reports,
 * docs/decisions/2026-11-29-what-visitors-tripped-over.md).
 */
import { ApiError } from '../../lib/api';

export interface FormProblem {
  /** The form field the message belongs under; null for the whole form. */
  field: string | null;
  message: string;
  /** The error the visitor may report: set only for the site's own faults (see isSiteFault). */
  unexpected?: unknown;
}

/** 5xx, offline, or anything that is not the API's own error answer. */
export function isUnexpected(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 'offline') return true;
  return error.httpStatus === undefined || error.httpStatus >= 500;
}

/**
 * The site's own fault, worth a report: the server failed (5xx) or answered what the app cannot
 * read, or the code threw. Not the visitor's input, their password or their connection.
 */
export function isSiteFault(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 'offline') return false;
  return error.httpStatus === undefined || error.httpStatus >= 500;
}

/**
 * Turns a failed call into a problem: the server's message under the field it names when the form
 * has that field, the server's message for the whole form for other answers (wrong credentials, too
 * many attempts), and `unexpectedMessage` for unexpected failures. `fieldMap` renames the server's
 * field names to the form's (e.g. newPassword → password).
 */
export function problemFromError(
  error: unknown,
  formFields: readonly string[],
  unexpectedMessage: string,
  fieldMap: Readonly<Record<string, string>> = {},
): FormProblem {
  if (isUnexpected(error)) {
    return {
      field: null,
      message: unexpectedMessage,
      ...(isSiteFault(error) ? { unexpected: error } : {}),
    };
  }
  const apiError = error as ApiError;
  const field = apiError.field ? (fieldMap[apiError.field] ?? apiError.field) : null;
  return {
    field: field && formFields.includes(field) ? field : null,
    message: apiError.message,
  };
}
