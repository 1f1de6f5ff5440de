/**
 * The Portfolio demo chart: the whole portfolio's profit or loss per day since the holdings were
 * bought, green above zero and red below, as the indicator plots it under the price. lightweight-charts
 * is imported only by the chart modules, so it loads in its own chunk after the page's text.
 */
import { BaselineSeries, type Time } from 'lightweight-charts';
import { useEffect } from 'react';
import { withAlpha, type ChartPalette } from '../../ui/chart/chart-palette';
import { useLightweightChart } from '../../ui/chart/use-lightweight-chart';
import { formatSignedUsd } from './number-format';
import { dayAt } from './sample-days';

interface PortfolioChartProps {
  /** The first day, 'YYYY-MM-DD'. */
  start: string;
  /** Profit or loss per day. */
  pnl: readonly number[];
  /** What the chart shows, in words (its accessible name). */
  description: string;
}

function seriesColors(palette: ChartPalette) {
  return {
    topLineColor: palette.up,
    topFillColor1: withAlpha(palette.up, 0.28),
    topFillColor2: withAlpha(palette.up, 0.04),
    bottomLineColor: palette.down,
    bottomFillColor1: withAlpha(palette.down, 0.04),
    bottomFillColor2: withAlpha(palette.down, 0.28),
  };
}

export function PortfolioChart({ start, pnl, description }: PortfolioChartProps) {
  const { hostRef, partsRef } = useLightweightChart(
    () => ({
      localization: {
        priceFormatter: (value: number) => formatSignedUsd(value, true),
      },
      timeScale: { fixLeftEdge: true, fixRightEdge: true },
    }),
    (chart, palette) => {
      const series = chart.addSeries(BaselineSeries, {
        baseValue: { type: 'price', price: 0 },
        lineWidth: 2,
        priceLineVisible: false,
        ...seriesColors(palette),
      });
      return {
        parts: { chart, series },
        recolor: (next) => series.applyOptions(seriesColors(next)),
      };
    },
  );

  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    parts.series.setData(pnl.map((value, index) => ({ time: dayAt(start, index) as Time, value })));
    parts.chart.timeScale().fitContent();
  }, [start, pnl, partsRef]);

  // The whole period at every size: the chart keeps its bar spacing when its host resizes, which
  // cut off the last days (and its last-value label then showed an earlier day than the figures).
  // data-last-day names the last day in view, for the figures to be checked against.
  useEffect(() => {
    const host = hostRef.current;
    const parts = partsRef.current;
    if (!host || !parts) return;
    const timeScale = parts.chart.timeScale();
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => timeScale.fitContent());
    });
    observer.observe(host);
    const markLastDay = () => {
      const range = timeScale.getVisibleRange();
      if (range) host.dataset.lastDay = String(range.to);
    };
    timeScale.subscribeVisibleTimeRangeChange(markLastDay);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      timeScale.unsubscribeVisibleTimeRangeChange(markLastDay);
    };
  }, [hostRef, partsRef]);

  return (
    <div
      ref={hostRef}
      className="indicator-chart__canvas"
      role="img"
      aria-label={description}
      data-chart="portfolio"
    />
  );
}
