/**
 * Indicator access on the desk (issue 5, item 4): trial and purchase requests to grant (after adding
 * the TradingView username to the invite-only script by hand), access that ended or was revoked and
 * must now be removed on TradingView, the active ones to extend or revoke, and the history. Each
 * action answers with the record as it is now, which replaces the one shown.
 */
import { useId, useState } from 'react';
import plansContent from '#content/indicators.json';
import type { IndicatorPlansContent } from '#shared/indicator-plans';
import {
  ACCESS_KIND_LABELS,
  INDICATORS,
  TRIAL_DAYS,
  type AccessState,
} from '#shared/indicator-products';
import type { AdminAccessRecord } from '#shared/product-access-schemas';
import { Button } from '../../ui/Button';
import { FormMessage } from '../../ui/form/FormMessage';
import { formatDateTime, plural } from './admin-format';
import { DeskLoadFailed, DeskLoading, RefreshBar } from './DeskSection';
import {
  extendAccess,
  fetchProductAccess,
  grantAccess,
  markRemovedOnTradingView,
  revokeAccess,
} from './api';
import { messageOf, useAdminData } from './use-admin-data';
import './product-access.css';

const PLANS: IndicatorPlansContent = plansContent;

/** What a purchase can be granted for: the plans' lengths (null: no end date). */
const GRANT_CHOICES: readonly { days: number | null; label: string }[] = PLANS.plans.map(
  (plan) => ({
    days: plan.days,
    label: plan.days === null ? `${plan.name}: no end date` : `${plan.name}: ${plan.days} days`,
  }),
);

const EXTEND_CHOICES: readonly number[] = [TRIAL_DAYS, 30, 365];

const STATE_LABELS: Record<AccessState, string> = {
  requested: 'Requested',
  active: 'Active',
  ended: 'Ended',
  revoked: 'Revoked',
  declined: 'Declined',
};

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
        {`${plural(groups.waiting.length, 'request', 'requests')} waiting, ${groups.toRemove.length.toLocaleString('en')} to remove on TradingView, ${groups.active.length.toLocaleString('en')} active.`}
      </RefreshBar>
      {access.error && <FormMessage tone="error">{access.error}</FormMessage>}
      {records.length === 0 ? (
        <p className="desk-empty">
          No trial or purchase requests yet. They appear here when a signed-in visitor sends one
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
                History ({groups.history.length.toLocaleString('en')})
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
        {title} <span className="access-group__count">({records.length.toLocaleString('en')})</span>
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

function datesOf(record: AdminAccessRecord): string {
  const parts = [`Asked ${formatDateTime(record.createdAt)}`];
  if (record.startsAt) parts.push(`granted ${formatDateTime(record.startsAt)}`);
  if (record.state === 'active' || record.state === 'ended' || record.state === 'revoked')
    parts.push(record.endsAt ? `ends ${formatDateTime(record.endsAt)}` : 'no end date');
  if (record.removedAt) parts.push(`removed on TradingView ${formatDateTime(record.removedAt)}`);
  return parts.join(' · ');
}

function AccessItem({
  record,
  onChange,
}: {
  record: AdminAccessRecord;
  onChange: (record: AdminAccessRecord) => void;
}) {
  const { title } = INDICATORS[record.product];
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run(action: () => Promise<AdminAccessRecord>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await action());
      setConfirming(false);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const label = `${ACCESS_KIND_LABELS[record.kind]} of ${title} for ${record.platformUsername}`;
  return (
    <li className="access-item" aria-label={label}>
      <div className="access-item__head">
        <p className="access-item__product">
          {title} <span className="access-item__kind">{ACCESS_KIND_LABELS[record.kind]}</span>
        </p>
        <span className="access-item__state" data-state={record.state}>
          {STATE_LABELS[record.state]}
        </span>
      </div>
      <dl className="access-item__facts">
        <div>
          <dt>TradingView</dt>
          <dd className="access-item__platform" translate="no">
            {record.platformUsername}
          </dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>
            {record.user.username} ({record.user.email})
          </dd>
        </div>
      </dl>
      <p className="access-item__dates">{datesOf(record)}</p>
      <AccessActions
        record={record}
        busy={busy}
        confirming={confirming}
        onConfirming={setConfirming}
        run={(action) => void run(action)}
      />
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </li>
  );
}

interface AccessActionsProps {
  record: AdminAccessRecord;
  busy: boolean;
  confirming: boolean;
  onConfirming: (confirming: boolean) => void;
  run: (action: () => Promise<AdminAccessRecord>) => void;
}

function AccessActions({ record, busy, confirming, onConfirming, run }: AccessActionsProps) {
  const choiceId = useId();
  const [grantIndex, setGrantIndex] = useState(0);
  const [extendDays, setExtendDays] = useState(record.kind === 'freeTrial' ? TRIAL_DAYS : 30);
  const { id } = record;

  const revoke = confirming ? (
    <>
      <Button variant="primary" loading={busy} onClick={() => run(() => revokeAccess(id))}>
        {record.state === 'requested' ? 'Yes, decline' : 'Yes, revoke'}
      </Button>
      <Button onClick={() => onConfirming(false)}>Cancel</Button>
    </>
  ) : (
    <Button onClick={() => onConfirming(true)}>
      {record.state === 'requested' ? 'Decline' : 'Revoke'}
    </Button>
  );

  if (record.state === 'requested') {
    return (
      <div className="access-item__actions">
        {record.kind === 'freeTrial' ? (
          <Button
            variant="primary"
            loading={busy}
            onClick={() => run(() => grantAccess(id, TRIAL_DAYS))}
          >
            Grant {TRIAL_DAYS} days
          </Button>
        ) : (
          <>
            <label className="access-item__choice" htmlFor={choiceId}>
              Plan
            </label>
            <select
              id={choiceId}
              className="desk-filter__select"
              value={grantIndex}
              onChange={(event) => setGrantIndex(Number(event.target.value))}
            >
              {GRANT_CHOICES.map((choice, index) => (
                <option key={choice.label} value={index}>
                  {choice.label}
                </option>
              ))}
            </select>
            <Button
              variant="primary"
              loading={busy}
              onClick={() => run(() => grantAccess(id, GRANT_CHOICES[grantIndex]?.days ?? 30))}
            >
              Grant
            </Button>
          </>
        )}
        {revoke}
      </div>
    );
  }
  if (record.removeOnTradingView) {
    return (
      <div className="access-item__actions">
        <Button
          variant="primary"
          loading={busy}
          onClick={() => run(() => markRemovedOnTradingView(id))}
        >
          Removed on TradingView
        </Button>
        {record.state === 'ended' && record.endsAt && (
          <ExtendControls
            days={extendDays}
            onDays={setExtendDays}
            busy={busy}
            onExtend={() => run(() => extendAccess(id, extendDays))}
          />
        )}
      </div>
    );
  }
  if (record.state === 'active') {
    return (
      <div className="access-item__actions">
        {record.endsAt && (
          <ExtendControls
            days={extendDays}
            onDays={setExtendDays}
            busy={busy}
            onExtend={() => run(() => extendAccess(id, extendDays))}
          />
        )}
        {revoke}
      </div>
    );
  }
  return null;
}

function ExtendControls({
  days,
  onDays,
  busy,
  onExtend,
}: {
  days: number;
  onDays: (days: number) => void;
  busy: boolean;
  onExtend: () => void;
}) {
  const id = useId();
  return (
    <>
      <label className="access-item__choice" htmlFor={id}>
        Extend by
      </label>
      <select
        id={id}
        className="desk-filter__select"
        value={days}
        onChange={(event) => onDays(Number(event.target.value))}
      >
        {EXTEND_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice} days
          </option>
        ))}
      </select>
      <Button loading={busy} onClick={onExtend}>
        Extend
      </Button>
    </>
  );
}
