/**
 * The Portfolio indicator's arithmetic, as the page's demo does it: what each holding is worth on a
 * day, its share of the whole (allocation), and the profit or loss of the whole since the holdings
 * were bought at the first day's close. Pure functions over daily closes.
 */

export interface PricedAsset {
  symbol: string;
  name: string;
  kind: string;
  /** Daily closes, oldest first. */
  closes: readonly number[];
}

export interface Holding {
  symbol: string;
  /** Units held; 0 leaves the asset out. */
  quantity: number;
}

export interface HoldingResult {
  symbol: string;
  name: string;
  kind: string;
  quantity: number;
  buyPrice: number;
  price: number;
  cost: number;
  value: number;
  pnl: number;
  /** pnl / cost, or null when nothing was paid (quantity 0). */
  pnlRatio: number | null;
  /** Share of the portfolio's value on that day, 0 to 1 (0 for all when the whole is worth 0). */
  weight: number;
}

export interface PortfolioSeries {
  cost: number;
  /** The whole portfolio's value per day. */
  value: number[];
  /** value − cost per day. */
  pnl: number[];
}

/** Days for which every asset has a close. */
export function commonLength(assets: readonly PricedAsset[]): number {
  return assets.length === 0 ? 0 : Math.min(...assets.map((asset) => asset.closes.length));
}

/** A quantity is a finite number of units, zero or more. */
export function isValidQuantity(quantity: number): boolean {
  return Number.isFinite(quantity) && quantity >= 0;
}

function quantityOf(holdings: readonly Holding[], symbol: string): number {
  const quantity = holdings.find((holding) => holding.symbol === symbol)?.quantity ?? 0;
  return isValidQuantity(quantity) ? quantity : 0;
}

/** Each asset's holding on day `day` (clamped to the data), bought at the first day's close. */
export function holdingResults(
  assets: readonly PricedAsset[],
  holdings: readonly Holding[],
  day: number,
): HoldingResult[] {
  const length = commonLength(assets);
  if (length === 0) return [];
  const index = Math.min(Math.max(Math.trunc(day), 0), length - 1);
  const rows = assets.map((asset) => {
    const quantity = quantityOf(holdings, asset.symbol);
    const buyPrice = asset.closes[0] ?? 0;
    const price = asset.closes[index] ?? 0;
    const cost = quantity * buyPrice;
    const value = quantity * price;
    return {
      symbol: asset.symbol,
      name: asset.name,
      kind: asset.kind,
      quantity,
      buyPrice,
      price,
      cost,
      value,
      pnl: value - cost,
      pnlRatio: cost > 0 ? (value - cost) / cost : null,
      weight: 0,
    };
  });
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return rows.map((row) => ({ ...row, weight: total > 0 ? row.value / total : 0 }));
}

/** The whole portfolio's value and profit or loss on every day. */
export function portfolioSeries(
  assets: readonly PricedAsset[],
  holdings: readonly Holding[],
): PortfolioSeries {
  const length = commonLength(assets);
  const quantities = assets.map((asset) => quantityOf(holdings, asset.symbol));
  const cost = assets.reduce((sum, asset, i) => sum + quantities[i]! * (asset.closes[0] ?? 0), 0);
  const value: number[] = [];
  for (let day = 0; day < length; day++) {
    value.push(assets.reduce((sum, asset, i) => sum + quantities[i]! * asset.closes[day]!, 0));
  }
  return { cost, value, pnl: value.map((v) => v - cost) };
}

/** The largest fall from a high to a later low, as a share of that high (0 when it never fell). */
export function maxDrawdown(values: readonly number[]): number {
  let peak = 0;
  let worst = 0;
  for (const value of values) {
    if (value > peak) peak = value;
    else if (peak > 0) worst = Math.max(worst, (peak - value) / peak);
  }
  return worst;
}
