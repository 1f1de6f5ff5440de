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
    files: ['src/server/features/*/**/*.ts'],
    ignores: ['src/server/features/*/**/*.test.ts'],
    rules: restrict([
      { group: ['#server/features/*', '../**'], message: 'A feature never imports another feature.' },
      { group: ['#client/*', 'react', 'react-dom', 'react-router'], message: 'The server never imports client code.' },
    ]),
  },
);
