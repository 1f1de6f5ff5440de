import { expect, test } from 'vitest';
import { buttonClassName } from './button-class';

test('a plain button link looks like a secondary button', () => {
  expect(buttonClassName()).toBe('button button--secondary');
});

test('variant, full width and extra classes combine in a stable order', () => {
  expect(buttonClassName({ variant: 'primary', fullWidth: true }, 'nav-action')).toBe(
    'button button--primary button--full nav-action',
  );
});
