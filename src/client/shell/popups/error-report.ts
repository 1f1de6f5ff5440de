/**
 * What an error report contains (spec §3: error, errorName, timestamp). The consent pop-up previews
 * exactly this text, so turning a thrown value into it happens once, here.
 */
import type { ErrorReportDraft } from './popup-state';

/** Keeps a report readable in the preview and well under any sane request limit. */
export const ERROR_REPORT_TEXT_MAX = 2000;

export interface ErrorReportPayload {
  error: string;
  errorName: string;
  timestamp: string;
}

export function errorText(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = error.message ? `${error.name}: ${error.message}` : error.name;
  else if (typeof error === 'string') text = error;
  else {
    try {
      text = JSON.stringify(error) ?? String(error);
    } catch {
      text = String(error);
    }
  }
  text = text.trim() || 'Unknown error';
  return text.length > ERROR_REPORT_TEXT_MAX
    ? `${text.slice(0, ERROR_REPORT_TEXT_MAX - 1)}…`
    : text;
}

export function errorReportDraft(errorName: string, error: unknown): ErrorReportDraft {
  return { errorName, error: errorText(error) };
}

export function errorReportPayload(
  draft: ErrorReportDraft,
  now: Date = new Date(),
): ErrorReportPayload {
  return { error: draft.error, errorName: draft.errorName, timestamp: now.toISOString() };
}
