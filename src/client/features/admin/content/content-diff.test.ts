import { expect, test } from 'vitest';
import { diffRows, diffValues, hasChanges, linesOf } from './content-diff';

test('a Markdown page reads as its front matter and its text', () => {
  expect(
    linesOf('termsOfService', {
      updated: '2026-11-01',
      summary: 'The rules.',
      body: '## One\n\nText.\n',
    }),
  ).toEqual(['Last updated: 2026-11-01', 'Summary: The rules.', '', '## One', '', 'Text.']);
  expect(linesOf('about', { updated: null, summary: 'Hi.', body: 'A' })).toEqual([
    'Summary: Hi.',
    '',
    'A',
  ]);
});

test('a structured document reads one line per field, in words', () => {
  expect(
    linesOf('indicators', {
      plans: [{ name: 'Monthly', price: '€19', days: null }],
      priceNote: 'Per indicator.',
    }),
  ).toEqual([
    'Plans › Plan 1: Monthly › Name: Monthly',
    'Plans › Plan 1: Monthly › Price: €19',
    'Plans › Plan 1: Monthly › Days of access: (empty)',
    'Price note: Per indicator.',
  ]);
});

test('a change shows with two lines of context; long unchanged stretches fold', () => {
  const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
  const after = [...before];
  after[9] = 'line ten, changed';
  expect(diffRows(before, after)).toEqual([
    { kind: 'gap', count: 7 },
    { kind: 'same', text: 'line 8' },
    { kind: 'same', text: 'line 9' },
    { kind: 'removed', text: 'line 10' },
    { kind: 'added', text: 'line ten, changed' },
    { kind: 'same', text: 'line 11' },
    { kind: 'same', text: 'line 12' },
    { kind: 'gap', count: 8 },
  ]);
  expect(hasChanges(diffRows(before, before))).toBe(false);
  expect(diffRows(before, before)).toEqual([]);
});

test('the wallet address changed is the one line that differs', () => {
  const rows = diffValues(
    'donation',
    { walletAddresses: { bitcoin: 'bc1old', ethereum: '0xabc' } },
    { walletAddresses: { bitcoin: 'bc1new', ethereum: '0xabc' } },
  );
  expect(rows.filter((row) => row.kind !== 'same')).toEqual([
    { kind: 'removed', text: 'Wallet addresses › Bitcoin: bc1old' },
    { kind: 'added', text: 'Wallet addresses › Bitcoin: bc1new' },
  ]);
});
