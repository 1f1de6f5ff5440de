/**
 * Masking of error texts before an error report is shown or sent (docs/product/forms.md#error-reports:
 * only after consent). The browser masks for the consent preview, so the visitor sees exactly what
 * would be sent, and the server masks again before storing; masking twice changes nothing. No zod
 * here: the pop-up that uses this is on the first load.
 */
export const ERROR_MASKS = { email: '[email]', token: '[token]' } as const;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** The value of any `…token=`, `…secret=` or `…password=` parameter, up to a separator. */
const SECRET_PARAMETER = /((?:token|secret|password)=)[^\s&;,"'<>)}]+/gi;
/** Session tokens, API keys, JWT parts and the like: long unbroken runs of URL-safe characters. */
const LONG_TOKEN = /[A-Za-z0-9_-]{24,}/g;

/** Replaces email addresses and token-like strings in an error text; masking twice changes nothing. */
export function maskErrorText(text: string): string {
  return text
    .replace(EMAIL, ERROR_MASKS.email)
    .replace(SECRET_PARAMETER, `$1${ERROR_MASKS.token}`)
    .replace(LONG_TOKEN, ERROR_MASKS.token);
}
