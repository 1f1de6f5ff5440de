import { expect, test } from 'vitest';
import { initialsOf } from './site-content';

test('the monogram takes up to two initials', () => {
  expect(initialsOf('Alex Lindqvist')).toBe('AL');
  expect(initialsOf('cher')).toBe('C');
  expect(initialsOf('  Anna  Maria  Svensson ')).toBe('AM');
});
