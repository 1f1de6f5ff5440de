import { expect, test } from 'vitest';
import { inlineStylesheets } from './inline-styles';

const files: Record<string, string> = {
  'assets/index-a.css': ':root{--x:1}\n',
  'assets/Page-b.css': '.page{background:url(/assets/dot.svg)}',
};
const read = (file: string) => files[file] ?? '';

test('one <style> with every file in cascade order, then a disabled link naming each', () => {
  expect(inlineStylesheets(Object.keys(files), read).split('\n    ')).toEqual([
    '<style>:root{--x:1}\n.page{background:url(/assets/dot.svg)}</style>',
    '<link rel="stylesheet" crossorigin href="/assets/index-a.css" disabled />',
    '<link rel="stylesheet" crossorigin href="/assets/Page-b.css" disabled />',
  ]);
});

test('a file that would end the block early or point its urls elsewhere stops the build', () => {
  expect(() => inlineStylesheets(['a.css'], () => '.a::after{content:"</style>"}')).toThrow(
    /<\/style/,
  );
  expect(() => inlineStylesheets(['a.css'], () => '.a{background:url(dot.svg)}')).toThrow(
    /relative url/,
  );
  expect(() => inlineStylesheets(['a.css'], () => ".a{mask:url('./m.svg')}")).toThrow(
    /relative url/,
  );
});
