import { expect, test } from 'vitest';
import { SUBMISSION_TYPES } from './submission-forms';
import {
  accessState,
  indicatorSubmissionType,
  needsRemovalOnTradingView,
  platformUsernameKey,
  readIndicatorSubmissionType,
} from './indicator-products';

const NOW = new Date('2026-11-22T12:00:00Z');
const PAST = '2026-11-20T12:00:00.000Z';
const FUTURE = '2026-11-29T12:00:00.000Z';

test('every indicator submission type reads back as its product and kind', () => {
  const indicatorTypes = SUBMISSION_TYPES.filter((type) => type.startsWith('products/'));
  expect(indicatorTypes).toHaveLength(4);
  for (const type of indicatorTypes) {
    const read = readIndicatorSubmissionType(type);
    expect(read).not.toBeNull();
    expect(indicatorSubmissionType(read!.product, read!.kind)).toBe(type);
  }
  for (const other of ['contact', 'jobs/lokalaJobb', 'products/indicators/other/freeTrial'])
    expect(readIndicatorSubmissionType(other)).toBeNull();
});

test('an active access reads as ended once its end date has passed; lifetime never ends', () => {
  expect(accessState({ status: 'active', startsAt: PAST, endsAt: FUTURE }, NOW)).toBe('active');
  expect(accessState({ status: 'active', startsAt: PAST, endsAt: PAST }, NOW)).toBe('ended');
  expect(accessState({ status: 'active', startsAt: PAST, endsAt: null }, NOW)).toBe('active');
  expect(accessState({ status: 'requested', startsAt: null, endsAt: null }, NOW)).toBe('requested');
  expect(accessState({ status: 'revoked', startsAt: PAST, endsAt: PAST }, NOW)).toBe('revoked');
});

test('removal on TradingView is due for shared access that ended or was revoked, until marked', () => {
  const ended = { status: 'active', startsAt: PAST, endsAt: PAST };
  expect(needsRemovalOnTradingView(ended, NOW)).toBe(true);
  expect(needsRemovalOnTradingView({ ...ended, removedAt: NOW.toISOString() }, NOW)).toBe(false);
  expect(needsRemovalOnTradingView({ ...ended, status: 'revoked' }, NOW)).toBe(true);
  expect(needsRemovalOnTradingView({ ...ended, endsAt: FUTURE }, NOW)).toBe(false);
  // Never shared: nothing to remove.
  expect(needsRemovalOnTradingView({ status: 'declined', startsAt: null, endsAt: null }, NOW)).toBe(
    false,
  );
});

test('TradingView usernames compare without case or surrounding spaces', () => {
  expect(platformUsernameKey('  Trader_Joe ')).toBe('trader_joe');
});
