/**
 * One word for one thing (issue 40, item 9): "Sign up" in sentence case, the verb pair "Log in" /
 * "Log out", "email" in English and "e-post" on the Swedish pages. The client, the shared texts,
 * the mail templates and the published content are scanned for the variants the site dropped, so
 * they cannot come back.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['src/client', 'src/shared', 'src/server/mail', 'src/server/features', 'content'];
const TEXT_FILE = /\.(ts|tsx|css|md|json|html)$/;
/** Under src/server/features only the mail templates hold words people read. */
const MAIL_TEMPLATE = /\.mails\.ts$/;

const FORBIDDEN: { variant: RegExp; instead: string }[] = [
  { variant: /Sign Up/, instead: 'Sign up' },
  { variant: /\bsign (in|out)\b/i, instead: 'Log in / Log out' },
  { variant: /\be-mail/i, instead: 'email' },
  { variant: /\bmejl/i, instead: 'e-post' },
];

/** Keep this tiny: each entry is a file and the exact text that may keep a variant, and why. */
const ALLOWED: { file: string; text: string; why: string }[] = [
  {
    // The spec (section 2) names the side navigation's button "Sign Up"; where the spec fixes a
    // copy text it wins. This is the one place that says it.
    file: 'src/shared/copy.ts',
    text: "navigationSignUp: 'Sign Up'",
    why: 'the spec names the side-navigation button so',
  },
];

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return TEXT_FILE.test(path) ? [path] : [];
  return readdirSync(full).flatMap((name) => filesUnder(join(path, name)));
}

function scannedFiles(): string[] {
  return SCANNED.flatMap((dir) => filesUnder(dir)).filter(
    (file) =>
      !file.endsWith('.test.ts') &&
      !file.endsWith('.test.tsx') &&
      (!file.startsWith(join('src', 'server', 'features')) || MAIL_TEMPLATE.test(file)),
  );
}

function isAllowed(file: string, line: string): boolean {
  return ALLOWED.some((allowed) => allowed.file === file && line.includes(allowed.text));
}

test('the scan reads the client, the shared texts, the mail templates and the content', () => {
  const files = scannedFiles();
  for (const expected of [
    'src/client/features/accounts/SessionsSection.tsx',
    'src/shared/submission-forms.ts',
    'src/server/features/accounts/account.mails.ts',
    'src/server/features/mail-lists/list.mails.ts',
    'src/server/mail/templates.ts',
    'content/lokala-jobb.json',
    'content/legal/privacy-policy.md',
  ]) {
    expect(files).toContain(expected);
  }
  expect(files.some((file) => file.endsWith('.routes.ts'))).toBe(false);
});

test('no dropped variant of a word is left: Sign Up, sign in/out, e-mail, mejl', () => {
  const found: string[] = [];
  for (const file of scannedFiles()) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const { variant, instead } of FORBIDDEN) {
        if (variant.test(line) && !isAllowed(file, line)) {
          found.push(`${file}:${index + 1}: say "${instead}": ${line.trim()}`);
        }
      }
    });
  }
  expect(found).toEqual([]);
});

test('every allowed exception is still there (a stale entry goes)', () => {
  for (const allowed of ALLOWED) {
    expect(readFileSync(join(ROOT, allowed.file), 'utf8')).toContain(allowed.text);
  }
});
