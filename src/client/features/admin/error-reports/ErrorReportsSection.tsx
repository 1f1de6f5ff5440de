/**
 * Error reports on the desk, grouped (docs/product/forms.md#error-reports): reports with the same name,
 * masked text and page are one group with its count, first and last time and state, newest
 * activity first. The owner resolves a group (it reopens if it happens again), ignores it, or opens
 * it again; the latest reports are inside, each deletable. The text was masked in the browser and
 * again on the server; it is shown as text (markup in it stays visible characters).
 */
import { useState } from 'react';
import {
  ERROR_GROUPS_LIST_LIMIT,
  type ErrorGroup,
  type ErrorGroupState,
} from '#shared/error-report-schemas';
import { formatDateTime } from '../../../lib/date-format';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { formatCount, pageTitle, plural } from '../admin-format';
import { deleteErrorReport } from '../api';
import { DeleteControl } from '../DeleteControl';
import { DeskLoadFailed, DeskLoading, RefreshBar } from '../DeskSection';
import { messageOf, useAdminData } from '../use-admin-data';
import { fetchErrorGroups, setErrorGroupState } from './error-groups-api';
import '../report-list.css';
import './error-groups.css';

const STATE_LABELS: Record<ErrorGroupState, string> = {
  open: 'Open',
  resolved: 'Resolved',
  ignored: 'Ignored',
};

export function ErrorReportsSection() {
  const groups = useAdminData(fetchErrorGroups);

  if (groups.data === undefined) {
    return groups.error ? (
      <DeskLoadFailed message={groups.error} onRetry={groups.reload} />
    ) : (
      <DeskLoading label="Loading error reports…" />
    );
  }
  const list = groups.data;
  const open = list.filter((group) => group.state === 'open').length;
  const replace = (next: ErrorGroup) =>
    groups.setData(list.map((group) => (group.id === next.id ? next : group)));
  return (
    <div className="reports">
      <RefreshBar loading={groups.loading} onRefresh={groups.reload}>
        {list.length >= ERROR_GROUPS_LIST_LIMIT
          ? `The ${ERROR_GROUPS_LIST_LIMIT} groups with the latest reports`
          : plural(list.length, 'group', 'groups')}
        , {formatCount(open)} open.
      </RefreshBar>
      {groups.error && <FormMessage tone="error">{groups.error}</FormMessage>}
      {list.length === 0 ? (
        <p className="desk-empty">No error reports. When a visitor sends one, it appears here.</p>
      ) : (
        <ol className="report-list">
          {list.map((group) => (
            <GroupItem
              key={group.id}
              group={group}
              onChanged={replace}
              onReportDeleted={(id) =>
                replace({ ...group, reports: group.reports.filter((r) => r.id !== id) })
              }
            />
          ))}
        </ol>
      )}
    </div>
  );
}

interface GroupItemProps {
  group: ErrorGroup;
  onChanged: (group: ErrorGroup) => void;
  onReportDeleted: (id: string) => void;
}

function GroupItem({ group, onChanged, onReportDeleted }: GroupItemProps) {
  const [busy, setBusy] = useState<ErrorGroupState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = group.page ? pageTitle(group.page) : null;

  async function mark(state: ErrorGroupState) {
    setBusy(state);
    setError(null);
    try {
      onChanged(await setErrorGroupState(group.id, state));
    } catch (failure) {
      setError(messageOf(failure));
    }
    setBusy(null);
  }

  return (
    <li className="report error-group" data-state={group.state}>
      <div className="report__head">
        <h3 className="report__name">{group.errorName}</h3>
        <span className="error-group__state">{STATE_LABELS[group.state]}</span>
      </div>
      <dl className="report__facts">
        <div className="report__fact">
          <dt>Page</dt>
          <dd>
            {group.page ? (
              <>
                {title && `${title} `}
                <code className="page-key">{group.page}</code>
              </>
            ) : (
              'Not given'
            )}
          </dd>
        </div>
        <div className="report__fact">
          <dt>Reports</dt>
          <dd>{formatCount(group.count)}</dd>
        </div>
        <div className="report__fact">
          <dt>First</dt>
          <dd>
            <time dateTime={group.firstSeen}>{formatDateTime(group.firstSeen)}</time>
          </dd>
        </div>
        <div className="report__fact">
          <dt>Last</dt>
          <dd>
            <time dateTime={group.lastSeen}>{formatDateTime(group.lastSeen)}</time>
          </dd>
        </div>
      </dl>
      <pre className="report__text">{group.error}</pre>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="desk-actions desk-actions--start error-group__actions">
        {group.state !== 'resolved' && (
          <Button loading={busy === 'resolved'} onClick={() => void mark('resolved')}>
            Resolve
          </Button>
        )}
        {group.state !== 'ignored' && (
          <Button variant="ghost" loading={busy === 'ignored'} onClick={() => void mark('ignored')}>
            Ignore
          </Button>
        )}
        {group.state !== 'open' && (
          <Button variant="ghost" loading={busy === 'open'} onClick={() => void mark('open')}>
            Open again
          </Button>
        )}
      </div>
      {group.state === 'resolved' && (
        <p className="field__hint">It opens again by itself if a visitor reports it again.</p>
      )}
      <details className="disclosure error-group__reports">
        <summary className="disclosure__summary">
          {group.reports.length < group.count
            ? `The latest ${plural(group.reports.length, 'report', 'reports')}`
            : plural(group.reports.length, 'report', 'reports')}
        </summary>
        <ol className="error-group__report-list">
          {group.reports.map((report) => (
            <li key={report.id} className="error-group__report">
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
              <span>{report.signedIn ? 'a logged-in visitor' : 'a visitor not logged in'}</span>
              <DeleteControl
                what={`the report of ${formatDateTime(report.createdAt)}`}
                onDelete={async () => {
                  await deleteErrorReport(report.id);
                  onReportDeleted(report.id);
                }}
              />
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}
