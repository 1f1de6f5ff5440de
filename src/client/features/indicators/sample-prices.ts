/**
 * The Long & Short Position chart's generated sample candles
 * (scripts/placeholder-content/make-sample-prices.mjs): one year of daily candles, one per calendar
 * day from `start`. Not market data. Imported only by the chart's chunk.
 */
import data from './sample-prices.json';

export interface Candle {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The first candle's day, 'YYYY-MM-DD'. */
export const SAMPLE_START: string = data.start;

// The script writes each candle as [open, high, low, close].
export const SAMPLE_CANDLES: readonly Candle[] = data.candles.map(
  ([open = 0, high = 0, low = 0, close = 0]) => ({ open, high, low, close }),
);
