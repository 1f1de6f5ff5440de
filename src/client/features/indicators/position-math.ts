/**
 * The Long & Short Position indicator's arithmetic, as the page's calculator does it: a trade's
 * risk-reward from its entry, stop and target, and the position size that risks a chosen share of
 * the account if the stop is hit. Pure functions; every refusal names the field to fix.
 */

export type Side = 'long' | 'short';

export interface TradeLevels {
  side: Side;
  entry: number;
  stop: number;
  target: number;
}

export type LevelField = 'entry' | 'stop' | 'target';
export type SizingField = 'accountSize' | 'riskPercent' | 'entry' | 'stop';

export interface Refusal<F extends string> {
  ok: false;
  field: F;
  message: string;
}

export interface RiskReward {
  ok: true;
  /** Price distance from entry to stop. */
  risk: number;
  /** Price distance from entry to target. */
  reward: number;
  /** reward / risk: 2 means the target pays twice what the stop costs. */
  ratio: number;
}

export interface PositionSize {
  ok: true;
  /** What a stopped-out trade loses, in the account's currency. */
  riskAmount: number;
  riskPerUnit: number;
  /** Units to buy (long) or sell short; fractional, as most crypto and CFD brokers allow. */
  units: number;
  /** units × entry. */
  positionValue: number;
  /** positionValue / account size: above 1 the position needs leverage. */
  accountShare: number;
}

const LABELS: Record<LevelField, string> = { entry: 'Entry', stop: 'Stop', target: 'Target' };

function isPrice(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

function priceRefusal<F extends string>(field: F & LevelField): Refusal<F> {
  return { ok: false, field, message: `${LABELS[field]} must be a price above zero.` };
}

/** Risk, reward and their ratio, or why the three levels do not make a trade on that side. */
export function riskReward(levels: TradeLevels): RiskReward | Refusal<LevelField> {
  const { side, entry, stop, target } = levels;
  for (const field of ['entry', 'stop', 'target'] as const) {
    if (!isPrice(levels[field])) return priceRefusal(field);
  }
  if (stop === entry)
    return { ok: false, field: 'stop', message: 'The stop must differ from the entry.' };
  const long = side === 'long';
  if (long ? stop > entry : stop < entry)
    return {
      ok: false,
      field: 'stop',
      message: long
        ? 'For a long trade the stop goes below the entry.'
        : 'For a short trade the stop goes above the entry.',
    };
  if (long ? target <= entry : target >= entry)
    return {
      ok: false,
      field: 'target',
      message: long
        ? 'For a long trade the target goes above the entry.'
        : 'For a short trade the target goes below the entry.',
    };
  const risk = Math.abs(entry - stop);
  const reward = Math.abs(target - entry);
  return { ok: true, risk, reward, ratio: reward / risk };
}

export interface SizingInput {
  accountSize: number;
  /** Percent of the account lost if the stop is hit, e.g. 1 for 1 %. */
  riskPercent: number;
  entry: number;
  stop: number;
}

/** The position that loses exactly `riskPercent` of the account at the stop. */
export function positionSize(input: SizingInput): PositionSize | Refusal<SizingField> {
  const { accountSize, riskPercent, entry, stop } = input;
  if (!Number.isFinite(accountSize) || accountSize <= 0)
    return { ok: false, field: 'accountSize', message: 'Account size must be above zero.' };
  if (!Number.isFinite(riskPercent) || riskPercent <= 0 || riskPercent > 100)
    return {
      ok: false,
      field: 'riskPercent',
      message: 'Risk per trade must be more than 0 % and at most 100 %.',
    };
  if (!isPrice(entry)) return priceRefusal('entry');
  if (!isPrice(stop)) return priceRefusal('stop');
  if (stop === entry)
    return { ok: false, field: 'stop', message: 'The stop must differ from the entry.' };
  const riskAmount = (accountSize * riskPercent) / 100;
  const riskPerUnit = Math.abs(entry - stop);
  const units = riskAmount / riskPerUnit;
  const positionValue = units * entry;
  return {
    ok: true,
    riskAmount,
    riskPerUnit,
    units,
    positionValue,
    accountShare: positionValue / accountSize,
  };
}

/** The same trade the other way round: stop and target mirrored around the entry. */
export function mirrorLevels(levels: TradeLevels): TradeLevels {
  const { entry } = levels;
  const mirror = (price: number) => roundPrice(2 * entry - price);
  return {
    side: levels.side === 'long' ? 'short' : 'long',
    entry,
    stop: mirror(levels.stop),
    target: mirror(levels.target),
  };
}

/** Prices on the page have cents: 2 decimals. */
export function roundPrice(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A number typed into a field: spaces and thousands separators ignored, a comma accepted as the
 * decimal mark when there is no dot ("1 234,5" → 1234.5). NaN when it is not a number.
 */
export function parseAmount(text: string): number {
  let cleaned = text.trim().replace(/[\s\u00a0_']/g, '');
  if (cleaned === '') return Number.NaN;
  if (cleaned.includes('.')) cleaned = cleaned.replace(/,/g, '');
  else cleaned = cleaned.replace(/,(?=\d{3}(\D|$))/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** "1 : 2.5" (at most two decimals, no trailing zeros). */
export function formatRatio(ratio: number): string {
  return `1 : ${Number(ratio.toFixed(2)).toLocaleString('en')}`;
}
