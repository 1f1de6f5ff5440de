/**
 * The boundary lint (eslint.config.js, docs/architecture.md#where-code-goes) against fixtures with
 * one forbidden import each. A fixture's first line says where it pretends to live; linted there, it
 * must fail with exactly the expected rule. A rule can stop matching without anyone noticing (one
 * did: its `#…` patterns were read as comments and matched nothing), so each is proved here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(ROOT, 'tests/lint/fixtures');

// The fixtures folder is ignored by `npm run lint` (they are meant to fail); here it is linted.
const eslint = new ESLint({ cwd: ROOT, ignore: false });

async function lintFixture(name: string): Promise<ESLint.LintResult> {
  const text = readFileSync(join(FIXTURES, name), 'utf8');
  const lintAs = /^\/\/ lint as: (\S+)/.exec(text)?.[1];
  const filePath = lintAs ? join(ROOT, lintAs) : join(FIXTURES, name);
  const [result] = await eslint.lintText(text, { filePath });
  if (!result) throw new Error(`no lint result for ${name}`);
  return result;
}

function errorsOf(result: ESLint.LintResult) {
  return result.messages
    .filter((message) => message.severity === 2)
    .map(({ ruleId, message }) => ({ ruleId, message }));
}

const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = 'no-restricted-imports';

test.each([
  ['shared-imports-client.ts', PATHS, 'src/shared is used by both sides and imports neither.'],
  ['shared-imports-server-by-alias.ts', PATHS, 'src/shared is used by both sides'],
  ['shared-imports-node.ts', IMPORTS, 'src/shared stays plain TypeScript'],
  ['shared-imports-react.ts', IMPORTS, 'src/shared stays plain TypeScript'],
  ['client-imports-server-by-alias.ts', PATHS, 'The client never imports server code.'],
  ['client-imports-node.ts', IMPORTS, 'The client runs in the browser.'],
  ['server-imports-client.ts', PATHS, 'The server never imports client code.'],
  ['server-imports-react.ts', IMPORTS, 'The server never imports client code.'],
  ['feature-imports-feature.ts', PATHS, 'A feature never imports another feature'],
  ['feature-imports-shell.ts', PATHS, 'A feature imports only ui/, lib/ and src/shared'],
  ['feature-imports-app.ts', PATHS, 'A feature imports only ui/, lib/ and src/shared'],
  ['shell-imports-feature.ts', PATHS, 'The shell never imports a feature'],
  ['shell-imports-app.ts', PATHS, 'The shell never imports a feature, a page or app/'],
  ['page-imports-shell.ts', PATHS, 'it never imports the shell or app/'],
  ['ui-imports-shell.ts', PATHS, 'ui/ imports only lib/ and src/shared.'],
  ['lib-imports-ui.ts', PATHS, 'lib/ is the client’s bottom layer'],
  ['infrastructure-imports-domain.ts', PATHS, 'Server infrastructure never imports a domain'],
  ['domain-imports-repository-by-alias.ts', PATHS, 'only through its *.service.ts files'],
  ['domain-imports-routes-by-alias.ts', PATHS, 'only through its *.service.ts files'],
  ['domain-imports-other-domain-relatively.ts', IMPORTS, 'Import your own domain by ./x'],
  ['nowou-model-imports-logic.ts', PATHS, 'model/ (the store, history, export) imports nothing'],
  ['nowou-logic-imports-sync.ts', PATHS, 'logic/ (pure functions) imports only model/.'],
  [
    'nowou-sync-imports-timeline.ts',
    PATHS,
    'sync/, textboxes/, kit/, offline/ and the store hooks',
  ],
  ['nowou-kit-imports-app.ts', PATHS, 'never import a section or app/.'],
  ['nowou-store-imports-section.ts', PATHS, 'never import a section or app/.'],
  [
    'nowou-todos-imports-timeline.ts',
    PATHS,
    'A section (todos/, timeline/, boards/) never imports',
  ],
  ['nowou-timeline-imports-todos.ts', PATHS, 'never imports another section or app/'],
  ['nowou-boards-imports-app.ts', PATHS, 'never imports another section or app/'],
  ['unresolved-import.ts', 'import-x/no-unresolved', './no-such-module'],
  ['import-circle-a.ts', 'import-x/no-cycle', 'Dependency cycle'],
])('%s fails lint with %s', async (fixture, ruleId, message) => {
  const errors = errorsOf(await lintFixture(fixture));
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ ruleId, message: expect.stringContaining(message) });
});

test.each(['allowed-feature-imports.ts', 'allowed-domain-imports.ts', 'allowed-nowou-imports.ts'])(
  '%s (imports the rules allow) lints clean',
  async (fixture) => {
    expect(errorsOf(await lintFixture(fixture))).toEqual([]);
  },
);
