/**
 * Visits per day as a chart: all pages as an area, one chosen page as a line over it. Drawn with
 * lightweight-charts through ui/chart (imported only by chart modules, so it loads with the admin
 * page and never with Home's bundle), coloured from the design tokens and recoloured whenever
 * <html data-theme> changes.
 * The canvas is one image to assistive technology, described by `description`; the traffic table
 * beside it holds the same figures as text.
 *
 * Attribution (the library's Apache-2.0 NOTICE): TradingView Lightweight Charts, Copyright (c) 2023
 * TradingView, Inc. https://www.tradingview.com/. The chart's own logo link is off: it injects a
 * <style> element the site's CSP refuses and it would skip the leave-site question; the visible
 * credit under the chart links to TradingView instead.
 */
import {
  AreaSeries,
  LineSeries,
  type AutoscaleInfoProvider,
  type IChartApi,
  type ISeriesApi,
} from 'lightweight-charts';
import { useEffect } from 'react';
import { formatCount } from '../admin-format';
import { ChartCredit } from '../../../ui/chart/ChartCredit';
import { withAlpha, type ChartPalette } from '../../../ui/chart/chart-palette';
import { useLightweightChart } from '../../../ui/chart/use-lightweight-chart';
import type { DayPoint } from './traffic-data';

interface TrafficChartProps {
  total: readonly DayPoint[];
  /** The chosen page's series and its name for the legend, or null for all pages only. */
  page: { label: string; points: readonly DayPoint[] } | null;
  /** What the chart shows, in words (its accessible name). */
  description: string;
}

/** All pages as an accent area, the chosen page as a line in the focus colour. */
function seriesColors(palette: ChartPalette) {
  return {
    total: {
      lineColor: palette.accent,
      topColor: withAlpha(palette.accent, 0.32),
      bottomColor: withAlpha(palette.accent, 0.02),
    },
    page: { color: palette.focus },
  };
}

/** Counts start at zero and the scale never collapses to one value. */
const fromZero: AutoscaleInfoProvider = (original) => {
  const info = original();
  const max = Math.max(info?.priceRange?.maxValue ?? 0, 1);
  return { ...info, priceRange: { minValue: 0, maxValue: max } };
};

const COUNT_FORMAT = { type: 'price', precision: 0, minMove: 1 } as const;

interface ChartParts {
  chart: IChartApi;
  total: ISeriesApi<'Area'>;
  page: ISeriesApi<'Line'>;
}

function toData(points: readonly DayPoint[]) {
  return points.map(({ day, count }) => ({ time: day, value: count }));
}

export function TrafficChart({ total, page, description }: TrafficChartProps) {
  const { hostRef, partsRef } = useLightweightChart<ChartParts>(
    () => ({
      localization: {
        priceFormatter: (value: number) => formatCount(Math.round(value)),
      },
      timeScale: { fixLeftEdge: true, fixRightEdge: true },
    }),
    (chart, palette) => {
      const colors = seriesColors(palette);
      const parts: ChartParts = {
        chart,
        total: chart.addSeries(AreaSeries, {
          ...colors.total,
          lineWidth: 2,
          priceFormat: COUNT_FORMAT,
          autoscaleInfoProvider: fromZero,
          priceLineVisible: false,
          lastValueVisible: false,
        }),
        page: chart.addSeries(LineSeries, {
          ...colors.page,
          lineWidth: 2,
          priceFormat: COUNT_FORMAT,
          autoscaleInfoProvider: fromZero,
          priceLineVisible: false,
          lastValueVisible: false,
        }),
      };
      const recolor = (next: ChartPalette) => {
        const nextColors = seriesColors(next);
        parts.total.applyOptions(nextColors.total);
        parts.page.applyOptions(nextColors.page);
      };
      return { parts, recolor };
    },
  );

  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    parts.total.setData(toData(total));
    parts.page.setData(page ? toData(page.points) : []);
    parts.chart.timeScale().fitContent();
  }, [total, page, partsRef]);

  return (
    <figure className="traffic-chart">
      <div ref={hostRef} className="traffic-chart__canvas" role="img" aria-label={description} />
      <figcaption className="traffic-chart__caption">
        <ul className="chart-legend">
          <li className="chart-legend__item">
            <span className="chart-legend__swatch chart-legend__swatch--total" aria-hidden="true" />
            All pages
          </li>
          {page && (
            <li className="chart-legend__item">
              <span
                className="chart-legend__swatch chart-legend__swatch--page"
                aria-hidden="true"
              />
              {page.label}
            </li>
          )}
        </ul>
        <ChartCredit className="traffic-chart__credit" />
      </figcaption>
    </figure>
  );
}
