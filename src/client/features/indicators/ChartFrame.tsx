/**
 * The frame of an indicator chart, in the page's own chunk: the canvas's space is reserved (no layout
 * shift while lightweight-charts streams in), a legend and the library's credit under it, and a
 * plain note if the chart's chunk cannot load (the numbers beside it still work).
 */
import { Component, Suspense, type ReactNode } from 'react';
import { ChartCredit } from './ChartCredit';

class ChartLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="indicator-chart__canvas indicator-chart__canvas--failed">
          <p>
            The chart could not load. Check your connection and reload the page; the numbers work
            without it.
          </p>
        </div>
      );
    }
    return this.props.children;
  }
}

interface ChartFrameProps {
  legend: ReactNode;
  /** The lazily loaded chart (renders its own .indicator-chart__canvas). */
  children: ReactNode;
}

export function ChartFrame({ legend, children }: ChartFrameProps) {
  return (
    <figure className="indicator-chart">
      <ChartLoadBoundary>
        <Suspense
          fallback={
            <div className="indicator-chart__canvas skeleton" aria-busy="true">
              <span className="visually-hidden">Loading the chart…</span>
            </div>
          }
        >
          {children}
        </Suspense>
      </ChartLoadBoundary>
      <figcaption className="indicator-chart__caption">
        {legend}
        <ChartCredit />
      </figcaption>
    </figure>
  );
}

/** A colour key under a chart; the swatch classes are in indicators.css. */
export function ChartLegend({ items }: { items: readonly { label: string; swatch: string }[] }) {
  return (
    <ul className="indicator-legend">
      {items.map((item) => (
        <li key={item.label} className="indicator-legend__item">
          <span
            className={`indicator-legend__swatch indicator-legend__swatch--${item.swatch}`}
            aria-hidden="true"
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
