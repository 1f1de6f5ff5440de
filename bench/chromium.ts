/** Debian's Chromium for both halves of the bench (never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags that keep a headless run free of Chromium's own background traffic. */
export const QUIET_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
