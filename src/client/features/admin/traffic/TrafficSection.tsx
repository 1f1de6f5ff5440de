/**
 * Traffic on the desk (docs/product.md#traffic-counters): every page key with its total visits,
 * most visited first, and a chart of visits per day over the last 90 UTC days for all pages and one
 * chosen page. The table is the text equivalent of the chart.
 */
import { useId, useMemo, useState } from 'react';
import type { TrafficResponse } from '#shared/visit-schemas';
import { FormMessage } from '../../../ui/form/FormMessage';
import { fetchTraffic } from '../api';
import { formatDay } from '../../../lib/date-format';
import { pageLabel, plural } from '../admin-format';
import { DeskLoadFailed, DeskLoading, RefreshBar } from '../DeskSection';
import { TrafficChart } from './TrafficChart';
import {
  busiestDay,
  dailySeries,
  totalOf,
  trafficRows,
  windowDays,
  type DayPoint,
} from './traffic-data';
import { useAdminData } from '../use-admin-data';
import './traffic.css';

export function TrafficSection() {
  const traffic = useAdminData(fetchTraffic);

  if (traffic.data === undefined) {
    return traffic.error ? (
      <DeskLoadFailed message={traffic.error} onRetry={traffic.reload} />
    ) : (
      <DeskLoading label="Loading traffic…" size="lg" />
    );
  }
  return (
    <TrafficView
      traffic={traffic.data}
      loading={traffic.loading}
      error={traffic.error}
      onRefresh={traffic.reload}
    />
  );
}

/** "most on 21 Nov 2026 (5)" */
function busiestText(points: readonly DayPoint[]): string {
  const busiest = busiestDay(points);
  return busiest ? `, most on ${formatDay(busiest.day)} (${busiest.count})` : '';
}

interface TrafficViewProps {
  traffic: TrafficResponse;
  loading: boolean;
  error: string | null;
  onRefresh: () => void;
}

function TrafficView({ traffic, loading, error, onRefresh }: TrafficViewProps) {
  const selectId = useId();
  const [page, setPage] = useState('');
  const rows = useMemo(() => trafficRows(traffic), [traffic]);
  const days = useMemo(() => windowDays(traffic, new Date()), [traffic]);
  const total = useMemo(() => dailySeries(traffic, days, null), [traffic, days]);
  const pageSeries = useMemo(
    () => (page ? { label: pageLabel(page), points: dailySeries(traffic, days, page) } : null),
    [traffic, days, page],
  );
  const allTime = totalOf(rows);
  const inWindow = totalOf(total);
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? '';

  let description = `Visits per day from ${formatDay(first)} to ${formatDay(last)}. All pages: ${plural(
    inWindow,
    'visit',
    'visits',
  )}${busiestText(total)}.`;
  if (pageSeries) {
    description += ` ${pageSeries.label}: ${plural(
      totalOf(pageSeries.points),
      'visit',
      'visits',
    )}${busiestText(pageSeries.points)}.`;
  }

  return (
    <div className="traffic">
      <RefreshBar loading={loading} onRefresh={onRefresh}>
        {plural(allTime, 'visit', 'visits')} in all, {inWindow.toLocaleString('en')} in the last{' '}
        {days.length} days.
      </RefreshBar>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {allTime === 0 && inWindow === 0 ? (
        <p className="desk-empty">
          No visits counted yet. Each page counts once per browser session as visitors arrive.
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
                onChange={(event) => setPage(event.target.value)}
              >
                <option value="">None, all pages only</option>
                {rows.map((row) => (
                  <option key={row.key} value={row.key}>
                    {pageLabel(row.key)}
                  </option>
                ))}
              </select>
            </div>
            <TrafficChart total={total} page={pageSeries} description={description} />
          </div>
          <table className="traffic-table">
            <caption className="traffic-table__caption">Visits per page, all time</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col" className="traffic-table__count">
                  Visits
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} data-selected={row.key === page || undefined}>
                  <th scope="row" className="traffic-table__page">
                    {row.title && <span className="traffic-table__title">{row.title}</span>}{' '}
                    <code className="page-key">{row.key}</code>
                  </th>
                  <td className="traffic-table__count">{row.count.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All pages</th>
                <td className="traffic-table__count">{allTime.toLocaleString('en')}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
