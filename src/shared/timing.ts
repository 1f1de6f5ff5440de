/** Delays from docs/product/constants.md#delays-and-durations, in milliseconds. */
export const COPY_LABEL_RESET_MS = 1000;
export const DONATE_BUTTON_DELAY_MS = 300;
export const DROPDOWN_CLOSE_DELAY_MS = 100;
export const TYPING_DELAY_MIN_MS = 10;

/**
 * How long a password-reset link works (inside OWASP's 30–60 minute advice): the server's expiry, the
 * reset mail and the Support page all read it from here.
 */
export const PASSWORD_RESET_LINK_MINUTES = 45;
