/**
 * The Portfolio page's generated sample prices
 * (scripts/placeholder-content/make-sample-prices.mjs): one year of daily closes of four made-up
 * assets. Not market data.
 */
import data from './sample-portfolio.json';
import type { PricedAsset } from './portfolio-math';

export interface SamplePortfolio {
  /** The first close's day, 'YYYY-MM-DD'. */
  start: string;
  assets: readonly PricedAsset[];
}

export const SAMPLE_PORTFOLIO: SamplePortfolio = data;
