/**
 * The Long & Short chart's two shaded zones, drawn under the candles as a series primitive of
 * lightweight-charts: risk from the entry to the stop, reward from the entry to the target, from the
 * entry day to the right edge.
 */
import type {
  AutoscaleInfo,
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { LevelField } from './position-math';

export interface ChartLevels {
  entry: number;
  stop: number;
  target: number;
}

export const FIELDS: readonly LevelField[] = ['entry', 'stop', 'target'];

export const isPrice = (value: number) => Number.isFinite(value) && value > 0;

export interface ZoneState {
  levels: ChartLevels;
  visible: boolean;
  from: Time;
  risk: string;
  reward: string;
}

/** The two shaded zones, drawn under the candles (a series primitive of lightweight-charts). */
export class TradeZones implements ISeriesPrimitive<Time> {
  private chart: IChartApi | null = null;
  private series: ISeriesApi<'Candlestick'> | null = null;
  private requestUpdate: (() => void) | null = null;
  private state: ZoneState;
  private readonly views: readonly IPrimitivePaneView[];

  constructor(state: ZoneState) {
    this.state = state;
    this.views = [{ zOrder: () => 'bottom', renderer: () => this.renderer() }];
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.chart = param.chart as IChartApi;
    this.series = param.series as ISeriesApi<'Candlestick'>;
    this.requestUpdate = param.requestUpdate;
  }

  detached(): void {
    this.chart = null;
    this.series = null;
    this.requestUpdate = null;
  }

  update(state: ZoneState): void {
    this.state = state;
    this.requestUpdate?.();
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  /** The zones stay on the chart even when a target lies beyond the candles' range. */
  autoscaleInfo(): AutoscaleInfo | null {
    const { levels, visible } = this.state;
    const prices = FIELDS.map((field) => levels[field]).filter(isPrice);
    if (!visible || prices.length === 0) return null;
    return { priceRange: { minValue: Math.min(...prices), maxValue: Math.max(...prices) } };
  }

  private renderer(): IPrimitivePaneRenderer | null {
    const { chart, series } = this;
    const { levels, visible, from, risk, reward } = this.state;
    if (!chart || !series || !visible) return null;
    const left = chart.timeScale().timeToCoordinate(from) ?? 0;
    const y = (price: number) => series.priceToCoordinate(price);
    const entry = y(levels.entry);
    const stop = y(levels.stop);
    const target = y(levels.target);
    if (entry === null || stop === null || target === null) return null;
    return {
      draw: (target2d) => {
        target2d.useBitmapCoordinateSpace(
          ({ context, bitmapSize, horizontalPixelRatio, verticalPixelRatio }) => {
            const x = Math.max(0, Math.round(left * horizontalPixelRatio));
            const width = bitmapSize.width - x;
            const band = (a: number, b: number, color: string) => {
              const top = Math.round(Math.min(a, b) * verticalPixelRatio);
              const bottom = Math.round(Math.max(a, b) * verticalPixelRatio);
              context.fillStyle = color;
              context.fillRect(x, top, width, bottom - top);
            };
            band(entry, stop, risk);
            band(entry, target, reward);
          },
        );
      },
    };
  }
}
