/**
 * Visits per day as a chart: all pages as an area, one chosen page as a line over it. Drawn with
 * lightweight-charts (imported only here, so it loads with the admin page and never with Home's
 * bundle), coloured from the design tokens and recoloured whenever <html data-theme> changes.
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
  ColorType,
  createChart,
  LineSeries,
  type AutoscaleInfoProvider,
  type DeepPartial,
  type ChartOptions,
  type IChartApi,
  type ISeriesApi,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { ExternalLink } from '../../../ui/ExternalLink';
import { subscribeToTheme } from '../../../lib/theme';
import type { DayPoint } from './traffic-data';

interface TrafficChartProps {
  total: readonly DayPoint[];
  /** The chosen page's series and its name for the legend, or null for all pages only. */
  page: { label: string; points: readonly DayPoint[] } | null;
  /** What the chart shows, in words (its accessible name). */
  description: string;
}

interface Palette {
  background: string;
  text: string;
  grid: string;
  axis: string;
  total: string;
  totalFillTop: string;
  totalFillBottom: string;
  page: string;
  font: string;
}

/** A token's colour as the browser resolves it ("rgb(r, g, b)"), whatever syntax the token uses. */
function resolveColor(probe: HTMLElement, token: string): string {
  probe.style.color = `var(${token})`;
  return getComputedStyle(probe).color;
}

function withAlpha(rgb: string, alpha: number): string {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgb);
  return match ? `rgba(${match[1]}, ${match[2]}, ${match[3]}, ${alpha})` : rgb;
}

function readPalette(host: HTMLElement): Palette {
  const probe = document.createElement('span');
  probe.style.transition = 'none';
  probe.style.display = 'none';
  host.append(probe);
  try {
    const accent = resolveColor(probe, '--color-accent');
    return {
      background: resolveColor(probe, '--color-surface'),
      text: resolveColor(probe, '--color-text-muted'),
      grid: withAlpha(resolveColor(probe, '--color-border'), 0.7),
      axis: resolveColor(probe, '--color-border-strong'),
      total: accent,
      totalFillTop: withAlpha(accent, 0.32),
      totalFillBottom: withAlpha(accent, 0.02),
      page: resolveColor(probe, '--color-focus'),
      font: getComputedStyle(host).fontFamily,
    };
  } finally {
    probe.remove();
  }
}

function chartOptions(palette: Palette): DeepPartial<ChartOptions> {
  return {
    layout: {
      background: { type: ColorType.Solid, color: palette.background },
      textColor: palette.text,
      fontFamily: palette.font,
      fontSize: 12,
      attributionLogo: false,
    },
    grid: {
      vertLines: { color: palette.grid },
      horzLines: { color: palette.grid },
    },
    rightPriceScale: { borderColor: palette.axis },
    timeScale: { borderColor: palette.axis },
    crosshair: {
      vertLine: { color: palette.axis, labelBackgroundColor: palette.text },
      horzLine: { color: palette.axis, labelBackgroundColor: palette.text },
    },
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
  const canvasRef = useRef<HTMLDivElement>(null);
  const partsRef = useRef<ChartParts | null>(null);

  useEffect(() => {
    const host = canvasRef.current;
    if (!host) return;
    let palette = readPalette(host);
    const chart = createChart(host, {
      ...chartOptions(palette),
      autoSize: true,
      // The page scrolls over the chart: the window is fixed, so no wheel or drag moves it.
      handleScroll: false,
      handleScale: false,
      localization: {
        locale: 'en-US',
        dateFormat: 'dd MMM yyyy',
        priceFormatter: (value: number) => Math.round(value).toLocaleString('en'),
      },
      timeScale: { borderColor: palette.axis, fixLeftEdge: true, fixRightEdge: true },
    });
    const seriesColors = (p: Palette) => ({
      total: { lineColor: p.total, topColor: p.totalFillTop, bottomColor: p.totalFillBottom },
      page: { color: p.page },
    });
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
    partsRef.current = parts;

    const unsubscribe = subscribeToTheme(() => {
      palette = readPalette(host);
      const next = seriesColors(palette);
      chart.applyOptions(chartOptions(palette));
      parts.total.applyOptions(next.total);
      parts.page.applyOptions(next.page);
    });
    return () => {
      unsubscribe();
      partsRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    parts.total.setData(toData(total));
    parts.page.setData(page ? toData(page.points) : []);
    parts.chart.timeScale().fitContent();
  }, [total, page]);

  return (
    <figure className="traffic-chart">
      <div ref={canvasRef} className="traffic-chart__canvas" role="img" aria-label={description} />
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
        <p className="traffic-chart__credit">
          Chart by{' '}
          <ExternalLink href="https://www.tradingview.com/">
            TradingView Lightweight Charts™
          </ExternalLink>
        </p>
      </figcaption>
    </figure>
  );
}
