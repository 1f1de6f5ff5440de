// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Boundaries (STYLE.md §1): shared imports nothing; client and server import only shared. */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', '.tmp/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...restrict([
        { group: ['#server/*', '**/server/**'], message: 'The client never imports server code.' },
        { group: ['node:*'], message: 'The client runs in the browser.' },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict([
      { group: ['#client/*', '**/client/**', 'react', 'react-dom', 'react-router'], message: 'The server never imports client code.' },
    ]),
  },
  {
    files: ['src/shared/**/*.ts'],
    // Tests of shared code run in Node and may read files (e.g. the shipped content).
    ignores: ['src/shared/**/*.test.ts'],
    rules: restrict([
      { group: ['#server/*', '#client/*', '**/server/**', '**/client/**'], message: 'shared imports nothing from either side.' },
      { group: ['node:*', 'react', 'react-dom', 'react-router'], message: 'shared stays pure TypeScript.' },
    ]),
  },
  {
    // The rule between server domains (each src/server/features/*/README.md): your own files by
    // ./x; another domain only through its *.service.ts, by #server/features/<domain>/<file>.
    files: ['src/server/features/*/**/*.ts'],
    ignores: ['src/server/features/*/**/*.test.ts'],
    rules: restrict([
      { regex: '^\\.\\./', message: 'Import your own domain by ./x, another by #server/features/<domain>/<file>.' },
      {
        regex: '^#server/features/[^/]+/(?![^/]+\\.service$)',
        message: 'Another domain is reached only through its *.service.ts (your own by ./x).',
      },
      { regex: '^#client/', message: 'The server never imports client code.' },
      { group: ['react', 'react-dom', 'react-router'], message: 'The server never imports client code.' },
    ]),
  },
);
