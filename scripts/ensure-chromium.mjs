// Browser tests and Lighthouse drive Debian's Chromium (never a downloaded browser).
// Installs it with apt-get when it is missing and this user can; otherwise stops with one line.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}: install it with "sudo apt-get install -y chromium" (or set CHROME_PATH) and run the tests again.`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium with apt-get (once)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(
      `apt-get finished but ${CHROMIUM_PATH} is still missing; install the chromium package by hand.`,
    );
    process.exit(1);
  }
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
