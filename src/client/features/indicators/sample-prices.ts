/**
 * The Long & Short Position page's generated sample prices (scripts/make-sample-prices.mjs): one year
 * of daily candles and the trade set-up the page opens with. Not market data.
 */
import data from './sample-prices.json';

export interface Candle {
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface SamplePrices {
  symbol: string;
  name: string;
  /** The first candle's day, 'YYYY-MM-DD'; one candle per calendar day. */
  start: string;
  setup: { entryIndex: number; entry: number; stop: number; target: number };
  candles: readonly Candle[];
}

export const SAMPLE_PRICES: SamplePrices = {
  ...data,
  // The script writes each candle as [open, high, low, close].
  candles: data.candles.map(([open = 0, high = 0, low = 0, close = 0]) => ({
    open,
    high,
    low,
    close,
  })),
};
