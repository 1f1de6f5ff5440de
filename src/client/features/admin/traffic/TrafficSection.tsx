/**
 * Traffic on the desk (docs/product/visits.md#traffic-counters): the last 7, 30 or 90 days, 12 months or
 * a custom range of UTC days (kept in the address bar), each figure beside the period of the same
 * length before it; a chart per day (per week beyond 90 days) for all pages and one chosen page;
 * the pages and the sources tables (the text equivalent of the chart); how many visits were left
 * out and why; and the switch that leaves this browser out.
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from '../../../lib/navigation/router';
import type { DayRange } from '#shared/traffic-range';
import type { TrafficResponse } from '#shared/visit-schemas';
import { formatDay } from '../../../lib/date-format';
import { FormMessage } from '../../../ui/form/FormMessage';
import { formatCount, pageLabel, plural } from '../admin-format';
import { DeskLoadFailed, DeskLoading, RefreshBar } from '../DeskSection';
import { messageOf } from '../use-admin-data';
import { ChangeCell } from './ChangeCell';
import { RangePicker } from './RangePicker';
import { SourcesTable } from './SourcesTable';
import { ThisBrowserSwitch } from './ThisBrowserSwitch';
import { fetchTraffic } from './traffic-api';
import { TrafficChart } from './TrafficChart';
import {
  busiestDay,
  changeText,
  exclusionsText,
  pageName,
  pointsOf,
  rangeFromParams,
  type DayPoint,
} from './traffic-data';
import './traffic.css';

interface Loaded {
  key: string;
  traffic: TrafficResponse;
}

export function TrafficSection() {
  const [params] = useSearchParams();
  const choice = rangeFromParams(params, new Date());
  const { from, to } = choice.range;
  const [page, setPage] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${from} ${to} ${page} ${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchTraffic({ from, to }, page || null, controller.signal).then(
      (traffic) => {
        setLoaded({ key, traffic });
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [from, to, page, key]);

  const loading = loaded?.key !== key && error === null;
  const range = { from, to };
  return (
    <div className="traffic">
      <RangePicker choice={choice} />
      {loaded === null ? (
        error ? (
          <DeskLoadFailed message={error} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          <DeskLoading label="Loading traffic…" size="lg" />
        )
      ) : (
        <TrafficView
          traffic={loaded.traffic}
          page={page}
          onPage={setPage}
          loading={loading}
          error={error}
          onRefresh={() => setAttempt((n) => n + 1)}
        />
      )}
      <SourcesTable range={range} />
      <ThisBrowserSwitch />
    </div>
  );
}

/** "most on 21 Nov 2026 (5)", or the week's first day beyond 90 days. */
function busiestText(points: readonly DayPoint[], week: boolean): string {
  const busiest = busiestDay(points);
  if (!busiest) return '';
  return `, most ${week ? 'in the week of' : 'on'} ${formatDay(busiest.day)} (${formatCount(busiest.count)})`;
}

function rangeText(range: DayRange): string {
  return range.from === range.to
    ? formatDay(range.from)
    : `${formatDay(range.from)} to ${formatDay(range.to)}`;
}

interface TrafficViewProps {
  traffic: TrafficResponse;
  page: string;
  onPage: (page: string) => void;
  loading: boolean;
  error: string | null;
  onRefresh: () => void;
}

function TrafficView({ traffic, page, onPage, loading, error, onRefresh }: TrafficViewProps) {
  const selectId = useId();
  const week = traffic.bucket === 'week';
  const total = pointsOf(traffic.series);
  const pageSeries =
    page && traffic.pageSeries
      ? { label: pageLabel(page), points: pointsOf(traffic.pageSeries) }
      : null;
  const { visits, previous } = traffic.totals;
  const left = exclusionsText(traffic.excluded);
  const allTime = Object.values(traffic.sessions).reduce((sum, row) => sum + row.count, 0);

  let description = `Visits per ${week ? 'week' : 'day'} from ${rangeText(traffic.range)}. All pages: ${plural(
    visits,
    'visit',
    'visits',
  )}${busiestText(total, week)}.`;
  if (pageSeries) {
    const pageVisits = pageSeries.points.reduce((sum, point) => sum + point.count, 0);
    description += ` ${pageSeries.label}: ${plural(pageVisits, 'visit', 'visits')}${busiestText(
      pageSeries.points,
      week,
    )}.`;
  }

  return (
    <div className="traffic__figures" aria-busy={loading || undefined}>
      <RefreshBar loading={loading} onRefresh={onRefresh}>
        <span className="traffic__summary">
          <strong>{plural(visits, 'visit', 'visits')}</strong> from {rangeText(traffic.range)}
          {previous === 0
            ? `; none from ${rangeText(traffic.previousRange)}.`
            : `, ${changeText(visits, previous)} on the ${plural(previous, 'visit', 'visits')} of ${rangeText(traffic.previousRange)}.`}
        </span>
      </RefreshBar>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {left && <p className="traffic__left-out">{left}</p>}
      {visits === 0 && previous === 0 ? (
        <p className="desk-empty">
          No visits counted in these days. Each page counts once per browser session as visitors
          arrive ({plural(allTime, 'visit', 'visits')} since counting began).
        </p>
      ) : (
        <div className="traffic__body">
          <div className="traffic__chart">
            <div className="traffic__picker">
              <label htmlFor={selectId} className="field__label">
                Page in the chart
              </label>
              <select
                id={selectId}
                className="text-input traffic__select"
                value={page}
                onChange={(event) => onPage(event.target.value)}
              >
                <option value="">None, all pages only</option>
                {traffic.pages.map((row) => (
                  <option key={row.page} value={row.page}>
                    {pageLabel(row.page)}
                  </option>
                ))}
              </select>
            </div>
            <TrafficChart total={total} page={pageSeries} description={description} />
          </div>
          <table className="traffic-table">
            <caption className="traffic-table__caption">
              Visits per page, beside the {week ? 'same number of days' : 'days'} before
            </caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col" className="traffic-table__count">
                  Visits
                </th>
                <th scope="col" className="traffic-table__count">
                  Before
                </th>
                <th scope="col" className="traffic-table__count">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {traffic.pages.map((row) => (
                <tr key={row.page} data-selected={row.page === page || undefined}>
                  <th scope="row" className="traffic-table__page">
                    <span className="traffic-table__title">{pageName(row.page)}</span>{' '}
                    <code className="page-key">{row.page}</code>
                  </th>
                  <td className="traffic-table__count">{formatCount(row.visits)}</td>
                  <td className="traffic-table__count">{formatCount(row.previous)}</td>
                  <ChangeCell visits={row.visits} previous={row.previous} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All pages</th>
                <td className="traffic-table__count">{formatCount(visits)}</td>
                <td className="traffic-table__count">{formatCount(previous)}</td>
                <ChangeCell visits={visits} previous={previous} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
