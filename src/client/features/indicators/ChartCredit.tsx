/**
 * The charts' credit (lightweight-charts' Apache-2.0 NOTICE: TradingView Lightweight Charts™,
 * Copyright (c) 2023 TradingView, Inc.). The link asks before leaving the site, like every link out.
 */
import { ExternalLink } from '../../ui/ExternalLink';

export function ChartCredit() {
  return (
    <p className="indicator-chart__credit">
      Chart by{' '}
      <ExternalLink href="https://www.tradingview.com/">
        TradingView Lightweight Charts™
      </ExternalLink>
    </p>
  );
}
