import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { lokalaJobbContentSchema, parseLokalaJobbContent } from './lokala-jobb-content';

test('the shipped content/lokala-jobb.json is valid: packages with prices, at most one featured', () => {
  const shipped: unknown = JSON.parse(readFileSync('content/lokala-jobb.json', 'utf8'));
  const content = lokalaJobbContentSchema().parse(shipped);
  expect(content.packages.length).toBeGreaterThan(0);
  expect(content.packages.filter((entry) => entry.featured).length).toBeLessThanOrEqual(1);
  expect(content.steps.length).toBeGreaterThan(0);
});

test('a package without a price, an empty text or an unknown field is refused with its place', () => {
  const shipped = JSON.parse(readFileSync('content/lokala-jobb.json', 'utf8')) as {
    packages: Record<string, unknown>[];
    lead: string;
  };
  const broken = structuredClone(shipped);
  broken.packages[0]!.price = '  ';
  expect(() => parseLokalaJobbContent(broken)).toThrow(
    /^content\/lokala-jobb\.json: packages\.0\.price: /,
  );
  expect(() => parseLokalaJobbContent({ ...shipped, lead: '' })).toThrow(/: lead: /);
  expect(() => parseLokalaJobbContent({ ...shipped, colour: 'red' })).toThrow(/\(root\)/);
});
