/**
 * The frame of an indicator chart, in the page's own chunk: the canvas's space is reserved (no layout
 * shift while lightweight-charts streams in), a legend and the library's credit under it, and a
 * plain note if the chart's chunk cannot load (the numbers beside it still work). The chart itself
 * (and with it the library) is only asked for once the frame comes near the screen, so a phone that
 * opens the page at its top reads the text without waiting on a chart it has not scrolled to.
 */
import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChartCredit } from '../../ui/chart/ChartCredit';
import './planner.css';

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

/** How far below the screen a chart starts loading. */
const NEAR_MARGIN = '200px 0px';

function ChartPlaceholder() {
  return (
    <div className="indicator-chart__canvas skeleton" aria-busy="true">
      <span className="visually-hidden">Loading the chart…</span>
    </div>
  );
}

/**
 * Whether the element has come near the screen (true after the first render where
 * IntersectionObserver is missing). False at first everywhere, as in the prerendered page.
 */
function useNearScreen() {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- no observer to wait for
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

export function ChartFrame({ legend, children }: ChartFrameProps) {
  const { ref, near } = useNearScreen();
  return (
    <figure className="indicator-chart" ref={ref}>
      <ChartLoadBoundary>
        {near ? (
          <Suspense fallback={<ChartPlaceholder />}>{children}</Suspense>
        ) : (
          <ChartPlaceholder />
        )}
      </ChartLoadBoundary>
      <figcaption className="indicator-chart__caption">
        {legend}
        <ChartCredit className="indicator-chart__credit" />
      </figcaption>
    </figure>
  );
}

/** A colour key under a chart; the swatch classes are in planner.css. */
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
