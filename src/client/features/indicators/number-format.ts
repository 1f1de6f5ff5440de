/** How the indicator demos write numbers: US dollars for the sample prices, plain figures otherwise. */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const WHOLE_USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const PRICE = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const PERCENT = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function formatUsd(value: number): string {
  return USD.format(value);
}

/** A signed amount: "+$120.50" or "−$40.00" (a real minus sign); whole dollars on a chart's axis. */
export function formatSignedUsd(value: number, whole = false): string {
  const text = (whole ? WHOLE_USD : USD).format(Math.abs(value));
  if (value > 0) return `+${text}`;
  if (value < 0) return `\u2212${text}`;
  return text;
}

export function formatPrice(value: number): string {
  return PRICE.format(value);
}

export function formatPercent(ratio: number, signed = false): string {
  const text = PERCENT.format(Math.abs(ratio));
  if (!signed || ratio === 0) return ratio < 0 ? `\u2212${text}` : text;
  return ratio > 0 ? `+${text}` : `\u2212${text}`;
}

/** Units with as many decimals as they need to mean something: 1,234.5 · 12.35 · 0.0456. */
export function formatUnits(value: number): string {
  const digits = value >= 1000 ? 1 : value >= 1 ? 2 : 4;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}
