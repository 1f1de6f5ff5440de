// Browser tests and Lighthouse drive Debian's Chromium (never a downloaded browser).
// Installs it with apt-get when it is missing and this user can; otherwise stops with one line.
import { ensureDebianPackage } from './debian-package.mjs';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (ensureDebianPackage({ binary: CHROMIUM_PATH, pkg: 'chromium' })) return CHROMIUM_PATH;
  console.error(
    `Chromium is missing at ${CHROMIUM_PATH}: install it with "sudo apt-get install -y chromium" (or set CHROME_PATH) and run the tests again.`,
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
