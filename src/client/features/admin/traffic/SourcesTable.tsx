/**
 * Where the range's visitors came from (docs/product/visits.md#visit-sources): each source (a referring
 * site's host, a campaign's `utm_source`, or Direct) with its visits beside the period before,
 * most first; a source opens to the pages it led to.
 */
import { Fragment, useEffect, useState } from 'react';
import type { DayRange } from '#shared/traffic-range';
import type { TrafficSourcesResponse } from '#shared/visit-schemas';
import { sourceMark } from '#shared/visit-sources';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { formatCount, plural } from '../admin-format';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { messageOf } from '../use-admin-data';
import { ChangeCell } from './ChangeCell';
import { fetchSources } from './traffic-api';
import { pageName } from './traffic-data';

/** Sources shown before Show all. */
const SOURCES_FIRST_SHOWN = 10;

export function SourcesTable({ range }: { range: DayRange }) {
  const { from, to } = range;
  const [answer, setAnswer] = useState<TrafficSourcesResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [all, setAll] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchSources({ from, to }, null, controller.signal).then(
      (loaded) => {
        setAnswer(loaded);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [from, to, attempt]);

  let body;
  if (answer === null) {
    body = error ? (
      <DeskLoadFailed message={error} onRetry={() => setAttempt((n) => n + 1)} />
    ) : (
      <DeskLoading label="Loading sources…" />
    );
  } else if (answer.sources.length === 0) {
    body = <p className="desk-empty">No counted visits in these days, so no sources yet.</p>;
  } else {
    body = (
      <>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <table className="traffic-table traffic-sources">
          <caption className="traffic-table__caption">
            {answer.sourceCount > answer.sources.length
              ? `The ${answer.sources.length} sources with most visits of ${answer.sourceCount}`
              : plural(answer.sourceCount, 'source', 'sources')}
            , beside the days before. Open one for the pages it led to.
          </caption>
          <thead>
            <tr>
              <th scope="col">Source</th>
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
            {(all ? answer.sources : answer.sources.slice(0, SOURCES_FIRST_SHOWN)).map((row) => (
              <Fragment key={row.source}>
                <tr data-selected={open === row.source || undefined}>
                  <th scope="row" className="traffic-table__page">
                    <button
                      type="button"
                      className="traffic-sources__toggle"
                      aria-expanded={open === row.source}
                      onClick={() => setOpen(open === row.source ? null : row.source)}
                    >
                      <SourceName source={row.source} />
                    </button>
                  </th>
                  <td className="traffic-table__count">{formatCount(row.visits)}</td>
                  <td className="traffic-table__count">{formatCount(row.previous)}</td>
                  <ChangeCell visits={row.visits} previous={row.previous} />
                </tr>
                {open === row.source && (
                  <tr className="traffic-sources__pages-row">
                    <td colSpan={4}>
                      <SourcePages range={range} source={row.source} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
        {answer.sources.length > SOURCES_FIRST_SHOWN && (
          <Button variant="ghost" className="traffic-sources__more" onClick={() => setAll(!all)}>
            {all
              ? `Show the first ${SOURCES_FIRST_SHOWN}`
              : `Show all ${formatCount(answer.sources.length)}`}
          </Button>
        )}
      </>
    );
  }
  return (
    <div className="traffic__sources">
      <h3 className="traffic__subtitle">Sources</h3>
      {body}
    </div>
  );
}

const MARK_TITLES = {
  punycode:
    'An address with letters beyond ASCII, written as the browser sends it: it may imitate another.',
  'non-ASCII': 'A name with letters beyond ASCII: it may imitate another.',
} as const;

/**
 * A source isolated from the text around it (its letters cannot turn the row around), marked when
 * it has letters beyond ASCII (docs/product/visits.md#visit-sources).
 */
function SourceName({ source }: { source: string }) {
  const mark = sourceMark(source);
  return (
    <>
      <bdi>{source}</bdi>
      {mark && (
        <span className="traffic-sources__mark" title={MARK_TITLES[mark]}>
          {mark}
        </span>
      )}
    </>
  );
}

function SourcePages({ range, source }: { range: DayRange; source: string }) {
  const { from, to } = range;
  const [pages, setPages] = useState<TrafficSourcesResponse['pages']>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchSources({ from, to }, source, controller.signal).then(
      (loaded) => setPages(loaded.pages),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [from, to, source]);

  if (error) return <FormMessage tone="error">{error}</FormMessage>;
  if (pages === null)
    return <DeskLoading label={`Loading the pages ${source} led to…`} size="sm" />;
  return (
    <ul className="traffic-sources__pages" aria-label={`Pages ${source} led to`}>
      {pages.map((row) => (
        <li key={row.page}>
          <span>{pageName(row.page)}</span>{' '}
          <span className="traffic-sources__count">{formatCount(row.visits)}</span>
        </li>
      ))}
    </ul>
  );
}
