// The test command's outside parts come from Debian's packages (never a download): installed with
// apt-get when missing and this user can. Returns whether the binary is there afterwards.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureDebianPackage({ binary, pkg }) {
  if (existsSync(binary)) return true;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) return false;
  console.log(`Installing ${pkg} with apt-get (once)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  return existsSync(binary);
}
