/**
 * What the Long & Short Position page needs of its sample before the chart loads: the symbol, the
 * first day and the trade it opens with (scripts/placeholder-content/make-sample-prices.mjs). The
 * candles load with the chart (sample-prices.ts).
 */
import data from './sample-trade.json';

export interface SampleTrade {
  symbol: string;
  name: string;
  /** The first candle's day, 'YYYY-MM-DD'. */
  start: string;
  setup: { entryIndex: number; entry: number; stop: number; target: number };
}

export const SAMPLE_TRADE: SampleTrade = data;
