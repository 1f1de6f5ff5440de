import { expect, test } from 'vitest';
import { pacer } from '#server/ops/pacer';

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

test('a pace rests about as long as the step before it worked, times the ratio', async () => {
  const pace = pacer(1);
  busy(60);
  const started = performance.now();
  await pace();
  expect(performance.now() - started).toBeGreaterThanOrEqual(55);
});

test('a pause is capped however long its step worked', async () => {
  const pace = pacer(100);
  busy(40);
  const started = performance.now();
  await pace();
  const rested = performance.now() - started;
  expect(rested).toBeGreaterThanOrEqual(245);
  expect(rested).toBeLessThan(2_000);
});

test('with no rest ratio a pace only yields to the event loop', async () => {
  const pace = pacer();
  busy(50);
  let ranMeanwhile = false;
  setImmediate(() => (ranMeanwhile = true));
  const started = performance.now();
  await pace();
  expect(ranMeanwhile).toBe(true);
  expect(performance.now() - started).toBeLessThan(45);
});
