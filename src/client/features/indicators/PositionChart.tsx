/**
 * The Long & Short Position demo chart: daily candles of the sample prices with the trade drawn the
 * way the indicator draws it on TradingView: the entry, stop and target as lines with their prices
 * on the axis, the risk zone (entry to stop) and the reward zone (entry to target) shaded from the
 * entry day on. The lines can be dragged with a mouse, pen or finger; the page's fields are the
 * keyboard's way to set them. lightweight-charts is imported only by the chart modules, so it loads
 * in its own chunk after the page's text.
 */
import {
  CandlestickSeries,
  LineStyle,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef, type RefObject } from 'react';
import { withAlpha, type ChartPalette } from '../../ui/chart/chart-palette';
import { useLightweightChart } from '../../ui/chart/use-lightweight-chart';
import { roundPrice, type LevelField } from './position-math';
import { dayAt } from './sample-days';
import { SAMPLE_CANDLES, SAMPLE_START } from './sample-prices';
import { FIELDS, isPrice, TradeZones, type ChartLevels, type ZoneState } from './trade-zones';

interface PositionChartProps {
  /** The candle the trade starts at: the zones are shaded from there to the right edge. */
  entryIndex: number;
  /** Prices as typed; a level that is not a price above zero is not drawn. */
  levels: ChartLevels;
  /** Whether the three levels make a trade (then the zones are shaded). */
  valid: boolean;
  onLevelDrag: (field: LevelField, price: number) => void;
  /** What the chart shows, in words (its accessible name). */
  description: string;
}

/** How close (CSS px) a press must be to a line to take hold of it. */
const GRAB_DISTANCE = 10;

interface ChartParts {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  lines: Record<LevelField, IPriceLine>;
  zones: TradeZones;
  palette: ChartPalette;
}

const LINE_TITLES: Record<LevelField, string> = { entry: 'Entry', stop: 'Stop', target: 'Target' };

function lineColors(palette: ChartPalette): Record<LevelField, string> {
  return { entry: palette.text, stop: palette.down, target: palette.up };
}

function zoneState(
  props: Pick<PositionChartProps, 'levels' | 'valid' | 'entryIndex'>,
  palette: ChartPalette,
): ZoneState {
  return {
    levels: props.levels,
    visible: props.valid,
    from: dayAt(SAMPLE_START, props.entryIndex) as Time,
    risk: withAlpha(palette.down, 0.16),
    reward: withAlpha(palette.up, 0.16),
  };
}

/** Days shown: the last months, fewer on narrow screens so candles stay readable. */
function visibleDays(width: number): number {
  return width < 520 ? 70 : 130;
}

function candleColors(palette: ChartPalette) {
  return {
    upColor: palette.up,
    downColor: palette.down,
    borderUpColor: palette.up,
    borderDownColor: palette.down,
    wickUpColor: palette.up,
    wickDownColor: palette.down,
  };
}

interface LatestProps {
  levels: ChartLevels;
  valid: boolean;
  onLevelDrag: (field: LevelField, price: number) => void;
}

/**
 * Dragging a line: the nearest line within reach of the press follows the pointer. Answers the
 * function that takes the listeners off again.
 */
function followDrags(
  host: HTMLDivElement,
  series: ISeriesApi<'Candlestick'>,
  latest: RefObject<LatestProps>,
): () => void {
  let dragging: LevelField | null = null;
  const offsetY = (clientY: number) => clientY - host.getBoundingClientRect().top;
  const lineNear = (y: number): LevelField | null => {
    let best: LevelField | null = null;
    let bestDistance = GRAB_DISTANCE;
    for (const field of FIELDS) {
      const price = latest.current.levels[field];
      if (!isPrice(price)) continue;
      const at = series.priceToCoordinate(price);
      if (at === null) continue;
      const distance = Math.abs(at - y);
      if (distance <= bestDistance) {
        best = field;
        bestDistance = distance;
      }
    }
    return best;
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    const field = lineNear(offsetY(event.clientY));
    if (!field) return;
    dragging = field;
    host.setPointerCapture(event.pointerId);
    host.dataset.dragging = 'true';
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent) => {
    const y = offsetY(event.clientY);
    if (!dragging) {
      host.style.cursor = lineNear(y) ? 'ns-resize' : '';
      return;
    }
    const price = series.coordinateToPrice(y);
    if (price !== null && price > 0) latest.current.onLevelDrag(dragging, roundPrice(price));
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!dragging) return;
    dragging = null;
    delete host.dataset.dragging;
    if (host.hasPointerCapture(event.pointerId)) host.releasePointerCapture(event.pointerId);
  };
  // A finger on a line drags it instead of scrolling the page; anywhere else the page scrolls.
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (touch && event.touches.length === 1 && lineNear(offsetY(touch.clientY)))
      event.preventDefault();
  };
  host.addEventListener('pointerdown', onPointerDown);
  host.addEventListener('pointermove', onPointerMove);
  host.addEventListener('pointerup', onPointerUp);
  host.addEventListener('pointercancel', onPointerUp);
  host.addEventListener('touchstart', onTouchStart, { passive: false });
  return () => {
    host.removeEventListener('pointerdown', onPointerDown);
    host.removeEventListener('pointermove', onPointerMove);
    host.removeEventListener('pointerup', onPointerUp);
    host.removeEventListener('pointercancel', onPointerUp);
    host.removeEventListener('touchstart', onTouchStart);
  };
}

export function PositionChart({
  levels,
  valid,
  entryIndex,
  onLevelDrag,
  description,
}: PositionChartProps) {
  // The latest props for the handlers, which are attached once.
  const latest = useRef<LatestProps>({ levels, valid, onLevelDrag });
  useEffect(() => {
    latest.current = { levels, valid, onLevelDrag };
  });

  // The candles and the entry day are fixed sample data: the chart is built once.
  const { hostRef, partsRef } = useLightweightChart<ChartParts>(
    () => ({
      timeScale: { rightOffset: 4 },
    }),
    (chart, firstPalette, host) => {
      const series = chart.addSeries(CandlestickSeries, {
        ...candleColors(firstPalette),
        priceLineVisible: false,
        lastValueVisible: false,
      });
      const candles = SAMPLE_CANDLES;
      series.setData(
        candles.map((candle, index) => ({ time: dayAt(SAMPLE_START, index) as Time, ...candle })),
      );
      const colors = lineColors(firstPalette);
      const lines = Object.fromEntries(
        FIELDS.map((field) => [
          field,
          series.createPriceLine({
            price: 1,
            color: colors[field],
            lineWidth: 2,
            lineStyle: field === 'entry' ? LineStyle.Solid : LineStyle.Dashed,
            axisLabelVisible: true,
            title: LINE_TITLES[field],
          }),
        ]),
      ) as Record<LevelField, IPriceLine>;
      const zones = new TradeZones(zoneState({ levels, valid, entryIndex }, firstPalette));
      series.attachPrimitive(zones);
      const parts: ChartParts = { chart, series, lines, zones, palette: firstPalette };
      const days = visibleDays(host.clientWidth);
      chart
        .timeScale()
        .setVisibleLogicalRange({ from: candles.length - days, to: candles.length + 3 });

      const recolor = (palette: ChartPalette) => {
        parts.palette = palette;
        series.applyOptions(candleColors(palette));
        const next = lineColors(palette);
        for (const field of FIELDS) lines[field].applyOptions({ color: next[field] });
        const { levels: now, valid: makesTrade } = latest.current;
        zones.update(zoneState({ levels: now, valid: makesTrade, entryIndex }, palette));
      };
      return { parts, recolor, dispose: followDrags(host, series, latest) };
    },
  );

  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    for (const field of FIELDS) {
      const price = levels[field];
      const shown = isPrice(price);
      parts.lines[field].applyOptions(
        shown
          ? { price, lineVisible: true, axisLabelVisible: true }
          : { lineVisible: false, axisLabelVisible: false },
      );
    }
    parts.zones.update(zoneState({ levels, valid, entryIndex }, parts.palette));
  }, [levels, valid, entryIndex, partsRef]);

  return (
    <div
      ref={hostRef}
      className="indicator-chart__canvas"
      role="img"
      aria-label={description}
      data-chart="position"
    />
  );
}
