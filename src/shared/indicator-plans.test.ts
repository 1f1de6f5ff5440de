import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { indicatorPlansSchema } from './indicator-plans';

test('the shipped content/indicators.json is valid: plans with prices, and at most one featured', () => {
  const shipped: unknown = JSON.parse(readFileSync('content/indicators.json', 'utf8'));
  const content = indicatorPlansSchema().parse(shipped);
  expect(content.plans.length).toBeGreaterThan(0);
  expect(content.plans.filter((plan) => plan.featured).length).toBeLessThanOrEqual(1);
  expect(new Set(content.plans.map((plan) => plan.days)).size).toBe(content.plans.length);
});

test('a plan without a price or with a negative length is refused', () => {
  const plan = { name: 'Monthly', price: '€19', period: 'for 30 days', days: 30, description: 'x' };
  const content = { plans: [plan], priceNote: 'Per indicator.', membership: 'Members get both.' };
  expect(indicatorPlansSchema().safeParse(content).success).toBe(true);
  expect(
    indicatorPlansSchema().safeParse({ ...content, plans: [{ ...plan, price: ' ' }] }).success,
  ).toBe(false);
  expect(
    indicatorPlansSchema().safeParse({ ...content, plans: [{ ...plan, days: -1 }] }).success,
  ).toBe(false);
  expect(indicatorPlansSchema().safeParse({ ...content, plans: [] }).success).toBe(false);
});
