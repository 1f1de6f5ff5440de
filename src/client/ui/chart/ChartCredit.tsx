/**
 * The charts' credit (lightweight-charts' Apache-2.0 NOTICE: TradingView Lightweight Charts™,
 * Copyright (c) 2023 TradingView, Inc.). The link asks before leaving the site, like every link out.
 */
import { ExternalLink } from '../ExternalLink';

/** `className` places it under its chart (indicator-chart__credit, traffic-chart__credit). */
export function ChartCredit({ className }: { className: string }) {
  return (
    <p className={className}>
      Chart by{' '}
      <ExternalLink href="https://www.tradingview.com/">
        TradingView Lightweight Charts™
      </ExternalLink>
    </p>
  );
}
