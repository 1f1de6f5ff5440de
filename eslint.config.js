// @ts-check
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { explainedWaits } from './tests/lint/explained-waits-rule.mjs';

/*
 * Boundaries (docs/architecture.md, "Where code goes"). Rules work on RESOLVED file paths, so a
 * `#server/…` alias and a `../../server/…` path are the same import to them, and an import the
 * resolver cannot find is an error of its own (import-x/no-unresolved): a boundary can never be
 * skipped because its import went unread. tests/lint/boundaries.test.ts proves each rule still fires.
 */
const ROOT = import.meta.dirname;

/** The folders directly inside `dir` (so a new feature or domain is covered without editing this). */
function foldersIn(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Top-level entries of src/server other than features/ and the files that assemble the app. */
const SERVER_ENTRIES = new Set([
  'features',
  'main.ts',
  'run-server.ts',
  'app.ts',
  'admin-cli.ts',
  'admin-command.ts',
  'content-cli.ts',
]);
const serverInfrastructure = readdirSync(join(ROOT, 'src/server'))
  .filter(
    (name) => !SERVER_ENTRIES.has(name) && !name.endsWith('.test.ts') && !name.endsWith('.md'),
  )
  .map((name) => `src/server/${name}`);

const clientFeatures = foldersIn('src/client/features');
const serverDomains = foldersIn('src/server/features');

const CLIENT_ABOVE_LIB = ['ui', 'shell', 'features', 'pages', 'app'].map((d) => `src/client/${d}`);

/** @type {Array<{ target: string | string[]; from: string | string[]; except?: string[]; message: string }>} */
const zones = [
  {
    target: 'src/shared',
    from: ['src/client', 'src/server'],
    message: 'src/shared is used by both sides and imports neither.',
  },
  { target: 'src/client', from: 'src/server', message: 'The client never imports server code.' },
  { target: 'src/server', from: 'src/client', message: 'The server never imports client code.' },

  // The client's layers, top to bottom: app/ · pages/ · shell/ and features/ · ui/ · lib/.
  {
    target: 'src/client/lib',
    from: CLIENT_ABOVE_LIB,
    message: 'lib/ is the client’s bottom layer: it imports only src/shared.',
  },
  {
    target: 'src/client/ui',
    from: CLIENT_ABOVE_LIB.slice(1),
    message: 'ui/ imports only lib/ and src/shared.',
  },
  {
    target: 'src/client/shell',
    from: ['src/client/features', 'src/client/pages', 'src/client/app'],
    message: 'The shell never imports a feature, a page or app/ (app/ registers feature pop-ups).',
  },
  {
    target: 'src/client/features',
    from: ['src/client/shell', 'src/client/pages', 'src/client/app'],
    message:
      'A feature imports only ui/, lib/ and src/shared (the shell’s pop-ups are opened through lib/popups).',
  },
  ...clientFeatures.map((feature) => ({
    target: `src/client/features/${feature}`,
    from: 'src/client/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need down to ui/ or lib/.',
  })),
  {
    target: 'src/client/pages',
    from: ['src/client/shell', 'src/client/app'],
    message: 'A page composes features, ui/ and lib/; it never imports the shell or app/.',
  },

  // The server: infrastructure below the domains; a domain never reaches into another's routes or tables.
  {
    target: serverInfrastructure,
    from: 'src/server/features',
    message: 'Server infrastructure never imports a domain (app.ts wires them together).',
  },
  ...serverDomains.flatMap((domain) =>
    serverDomains
      .filter((other) => other !== domain)
      .map((other) => ({
        target: `src/server/features/${domain}`,
        from: `src/server/features/${other}/**`,
        except: ['**/*.service.ts'],
        message:
          'Another domain is used only through its *.service.ts files (never its routes or repositories).',
      })),
  ),
];

/*
 * Nowou's own layers, bottom to top; a layer imports only the layers below it. The sections (to-dos,
 * timeline, boards) never import each other: what two of them need goes down to logic/ or kit/.
 */
const NOWOU = 'src/client/features/nowou';
const NOWOU_LAYERS = [
  {
    parts: ['model'],
    message: 'model/ (the store, history, export) imports nothing else of Nowou.',
  },
  { parts: ['logic'], message: 'logic/ (pure functions) imports only model/.' },
  {
    parts: [
      'sync',
      'textboxes',
      'kit',
      'offline',
      'nowou-context.ts',
      'use-nowou-store.ts',
      'api.ts',
    ],
    message:
      'sync/, textboxes/, kit/, offline/ and the store hooks never import a section or app/.',
  },
  {
    parts: ['todos', 'timeline', 'boards'],
    message:
      'A section (todos/, timeline/, boards/) never imports another section or app/: move what both need down to logic/ or kit/.',
  },
  { parts: ['app'], message: 'app/ is Nowou’s top layer.' },
];
const SECTIONS = NOWOU_LAYERS[3].parts;
zones.push(
  ...NOWOU_LAYERS.flatMap(({ parts, message }, index) => {
    const above = NOWOU_LAYERS.slice(index + 1).flatMap((layer) => layer.parts);
    return parts.map((part) => {
      const siblings = SECTIONS.includes(part) ? SECTIONS.filter((other) => other !== part) : [];
      return {
        target: `${NOWOU}/${part}`,
        from: [...above, ...siblings].map((other) => `${NOWOU}/${other}`),
        message,
      };
    });
  }).filter((zone) => zone.from.length > 0),
);

const restrictImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
const REACT = ['react', 'react-dom', 'react-router', 'react/*', 'react-dom/*'];
const serverNeverReact = { group: REACT, message: 'The server never imports client code.' };

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      '.tmp/**',
      'public/**',
      // Files with one forbidden import each, linted on purpose by tests/lint/boundaries.test.ts.
      'tests/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files when it follows imports, and no-cycle sees no
      // TypeScript circle at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      // Vite's `?raw` suffix is read by Vite, not by Node's resolver.
      'import-x/no-unresolved': ['error', { ignore: ['\\?raw$'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }],
    },
  },
  {
    // Nowou's service worker: plain JavaScript the build copies as it is (scripts/nowou-offline.ts).
    files: ['src/client/service-worker/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...restrictImports({ group: ['node:*'], message: 'The client runs in the browser.' }),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrictImports(serverNeverReact),
  },
  {
    // Within a domain, its own files by ./x; another domain by #server/features/<domain>/<file>, so
    // every import across domains reads as one.
    files: ['src/server/features/*/**/*.ts'],
    ignores: ['src/server/features/*/**/*.test.ts'],
    rules: restrictImports(serverNeverReact, {
      regex: '^\\.\\./',
      message: 'Import your own domain by ./x and another by #server/features/<domain>/<file>.',
    }),
  },
  {
    files: ['src/shared/**/*.ts'],
    // Tests of shared code run in Node and may read files (e.g. the shipped content).
    ignores: ['src/shared/**/*.test.ts'],
    rules: restrictImports({
      group: ['node:*', ...REACT],
      message: 'src/shared stays plain TypeScript, runnable in the browser and in Node.',
    }),
  },
  {
    // Browser tests and their helpers wait on conditions; a wait on time says why
    // (tests/lint/explained-waits-rule.mjs, tests/README.md#waits).
    files: ['tests/e2e/**/*.ts', 'tests/support/**/*.ts'],
    plugins: { tests: { rules: { 'explained-waits': explainedWaits } } },
    rules: { 'tests/explained-waits': 'error' },
  },
);
