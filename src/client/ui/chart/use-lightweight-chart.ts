/**
 * One lightweight-charts chart in a host element, the way every chart on the site is set up: created
 * once with the site's palette, sized by its host, fixed in place (the page scrolls over it, so no
 * wheel or drag moves it), recoloured whenever <html data-theme> changes and removed on unmount.
 * `setup` adds the chart's series and anything else it draws; the parts it returns are in `partsRef`
 * for the component's own effects. lightweight-charts is imported only by the chart modules, so it
 * loads in its own chunk.
 */
import {
  createChart,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
} from 'lightweight-charts';
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { subscribeToTheme } from '../../lib/theme';
import { DATE_OPTIONS } from './chart-dates';
import { baseChartOptions, readPalette, type ChartPalette } from './chart-palette';

export interface ChartSetup<Parts> {
  parts: Parts;
  /** Applies a new palette to what the setup added; the chart's own options are redone already. */
  recolor: (palette: ChartPalette) => void;
  /** Undoes what the setup added besides the chart (event listeners). */
  dispose?: () => void;
}

interface LightweightChart<Parts> {
  /** For the host element (the chart's canvas goes in it). */
  hostRef: RefObject<HTMLDivElement | null>;
  /** The setup's parts while the chart exists. */
  partsRef: RefObject<Parts | null>;
}

export function useLightweightChart<Parts>(
  /** This chart's own options (localization, time scale) on top of the shared ones. */
  options: (palette: ChartPalette) => DeepPartial<ChartOptions>,
  setup: (chart: IChartApi, palette: ChartPalette, host: HTMLDivElement) => ChartSetup<Parts>,
): LightweightChart<Parts> {
  const hostRef = useRef<HTMLDivElement>(null);
  const partsRef = useRef<Parts | null>(null);
  // The chart is built once, from the options and setup of the first render.
  const chartOptions = useEffectEvent(options);
  const setUp = useEffectEvent(setup);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let palette = readPalette(host);
    const base = baseChartOptions(palette);
    const own = chartOptions(palette);
    const chart = createChart(host, {
      ...base,
      autoSize: true,
      handleScroll: false,
      handleScale: false,
      ...own,
      localization: { ...DATE_OPTIONS.localization, ...own.localization },
      timeScale: { ...base.timeScale, ...DATE_OPTIONS.timeScale, ...own.timeScale },
    });
    const { parts, recolor, dispose } = setUp(chart, palette, host);
    partsRef.current = parts;
    const unsubscribe = subscribeToTheme(() => {
      palette = readPalette(host);
      chart.applyOptions(baseChartOptions(palette));
      recolor(palette);
    });
    return () => {
      dispose?.();
      unsubscribe();
      partsRef.current = null;
      chart.remove();
    };
  }, []);

  return { hostRef, partsRef };
}
