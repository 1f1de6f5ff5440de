/** Delays from spec §9, in milliseconds. */
export const COPY_LABEL_RESET_MS = 1000;
export const DONATE_BUTTON_DELAY_MS = 300;
export const DROPDOWN_CLOSE_DELAY_MS = 100;
export const TYPING_DELAY_MIN_MS = 10;
