/**
 * Indicator access on the desk (docs/product/desk.md#desk-sections): trial and purchase requests to
 * grant (after adding the TradingView username to the invite-only script by hand), access that
 * ended or was revoked and must now be removed on TradingView, the active ones to extend or revoke,
 * and the history. Each action answers with the record as it is now, which replaces the one shown.
 */
import { useId } from 'react';
import type { AdminAccessRecord } from '#shared/product-access-schemas';
import { FormMessage } from '../../../ui/form/FormMessage';
import { formatCount, plural } from '../admin-format';
import { fetchProductAccess } from '../api';
import { DeskLoadFailed, DeskLoading, RefreshBar } from '../DeskSection';
import { useAdminData } from '../use-admin-data';
import { AccessItem } from './AccessItem';
import './product-access.css';

interface Groups {
  waiting: AdminAccessRecord[];
  toRemove: AdminAccessRecord[];
  active: AdminAccessRecord[];
  history: AdminAccessRecord[];
}

export function groupAccess(records: readonly AdminAccessRecord[]): Groups {
  const groups: Groups = { waiting: [], toRemove: [], active: [], history: [] };
  for (const record of records) {
    if (record.state === 'requested') groups.waiting.push(record);
    else if (record.removeOnTradingView) groups.toRemove.push(record);
    else if (record.state === 'active') groups.active.push(record);
    else groups.history.push(record);
  }
  // The oldest request first: it has waited longest.
  groups.waiting.reverse();
  return groups;
}

export function ProductAccessSection() {
  const access = useAdminData(fetchProductAccess);

  if (access.data === undefined) {
    return access.error ? (
      <DeskLoadFailed message={access.error} onRetry={access.reload} />
    ) : (
      <DeskLoading label="Loading indicator access…" />
    );
  }
  const records = access.data;
  const groups = groupAccess(records);
  const replace = (next: AdminAccessRecord) =>
    access.setData(records.map((record) => (record.id === next.id ? next : record)));

  return (
    <div className="access-desk">
      <RefreshBar loading={access.loading} onRefresh={access.reload}>
        {`${plural(groups.waiting.length, 'request', 'requests')} waiting, ${formatCount(groups.toRemove.length)} to remove on TradingView, ${formatCount(groups.active.length)} active.`}
      </RefreshBar>
      {access.error && <FormMessage tone="error">{access.error}</FormMessage>}
      {records.length === 0 ? (
        <p className="desk-empty">
          No trial or purchase requests yet. They appear here when a logged-in visitor sends one
          from an indicator page.
        </p>
      ) : (
        <>
          <AccessGroup
            title="Waiting for you"
            hint="Add the TradingView username to the invite-only script first, then grant: the visitor’s account shows the end date from then."
            empty="No requests waiting."
            records={groups.waiting}
            onChange={replace}
          />
          <AccessGroup
            title="Remove on TradingView"
            hint="These ended or were revoked. Take the username off the invite-only script, then mark it removed."
            empty="Nothing to remove."
            records={groups.toRemove}
            onChange={replace}
          />
          <AccessGroup
            title="Active"
            empty="No active access."
            records={groups.active}
            onChange={replace}
          />
          {groups.history.length > 0 && (
            <details className="access-history">
              <summary className="access-history__summary">
                History ({formatCount(groups.history.length)})
              </summary>
              <ul className="access-list">
                {groups.history.map((record) => (
                  <AccessItem key={record.id} record={record} onChange={replace} />
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </div>
  );
}

interface AccessGroupProps {
  title: string;
  hint?: string;
  empty: string;
  records: readonly AdminAccessRecord[];
  onChange: (record: AdminAccessRecord) => void;
}

function AccessGroup({ title, hint, empty, records, onChange }: AccessGroupProps) {
  const headingId = useId();
  return (
    <section className="access-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="access-group__title">
        {title} <span className="access-group__count">({formatCount(records.length)})</span>
      </h3>
      {hint && records.length > 0 && <p className="access-group__hint">{hint}</p>}
      {records.length === 0 ? (
        <p className="access-group__empty">{empty}</p>
      ) : (
        <ul className="access-list">
          {records.map((record) => (
            <AccessItem key={record.id} record={record} onChange={onChange} />
          ))}
        </ul>
      )}
    </section>
  );
}
