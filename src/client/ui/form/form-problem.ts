/**
 * What went wrong with a submit, in the one shape the account forms show: a message under one field
 * (docs/product.md#form-behaviour: only the first error, under its field), or a message for the
 * whole form. Unexpected failures (the server failing, no connection) keep the error so the visitor
 * can report it (docs/product.md#error-reports).
 */
import { ApiError } from '../../lib/api';

export interface FormProblem {
  /** The form field the message belongs under; null for the whole form. */
  field: string | null;
  message: string;
  /**
   * The error the visitor may report: set for unexpected failures, and by a form whose every
   * failure is reported (a failed log-in, docs/product.md#error-catalogue).
   */
  unexpected?: unknown;
}

/** 5xx, offline, or anything that is not the API's own error answer. */
export function isUnexpected(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 'offline') return true;
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
  if (isUnexpected(error)) return { field: null, message: unexpectedMessage, unexpected: error };
  const apiError = error as ApiError;
  const field = apiError.field ? (fieldMap[apiError.field] ?? apiError.field) : null;
  return {
    field: field && formFields.includes(field) ? field : null,
    message: apiError.message,
  };
}
