/**
 * What an error report contains (docs/product/forms.md#error-reports: error, errorName, timestamp; plus
 * the page it happened on). The consent pop-up previews exactly this payload, so turning a thrown
 * value into it, masking emails and tokens included, happens once, here.
 */
import { maskErrorText } from '#shared/error-masking';
import type { ErrorReportPayload } from '#shared/error-report-schemas';
import { isPageKey, pageKeyFromPath } from '#shared/page-keys';
import type { ErrorReportDraft } from './popup-state';

/** Keeps a report readable in the preview and well under the server's limit. */
export const ERROR_REPORT_TEXT_MAX = 2000;

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
  // Masked before cutting, so a cut never leaves the visible start of an address or token behind.
  text = maskErrorText(text.trim()) || 'Unknown error';
  return text.length > ERROR_REPORT_TEXT_MAX
    ? `${text.slice(0, ERROR_REPORT_TEXT_MAX - 1)}…`
    : text;
}

export function errorReportDraft(errorName: string, error: unknown): ErrorReportDraft {
  return { errorName, error: errorText(error) };
}

/** The page key for a location, when it is one the server knows. */
export function reportPage(pathname: string): ErrorReportPayload['page'] {
  const key = pageKeyFromPath(pathname);
  return isPageKey(key) ? key : undefined;
}

export function errorReportPayload(
  draft: ErrorReportDraft,
  now: Date = new Date(),
  pathname?: string,
): ErrorReportPayload {
  const page = pathname === undefined ? undefined : reportPage(pathname);
  return {
    error: maskErrorText(draft.error),
    errorName: draft.errorName,
    timestamp: now.toISOString(),
    ...(page ? { page } : {}),
  };
}
