/**
 * One access record on the desk: the product and kind, its state, the TradingView username and the
 * account, its dates, and the actions its state allows (with the error of the last one).
 */
import { useState } from 'react';
import { ACCESS_KIND_LABELS, INDICATORS, type AccessState } from '#shared/indicator-products';
import type { AdminAccessRecord } from '#shared/product-access-schemas';
import { FormMessage } from '../../../ui/form/FormMessage';
import { formatDateTime } from '../../../lib/date-format';
import { messageOf } from '../use-admin-data';
import { AccessActions } from './AccessActions';

const STATE_LABELS: Record<AccessState, string> = {
  requested: 'Requested',
  active: 'Active',
  ended: 'Ended',
  revoked: 'Revoked',
  declined: 'Declined',
};

function datesOf(record: AdminAccessRecord): string {
  const parts = [`Asked ${formatDateTime(record.createdAt)}`];
  if (record.startsAt) parts.push(`granted ${formatDateTime(record.startsAt)}`);
  if (record.state === 'active' || record.state === 'ended' || record.state === 'revoked')
    parts.push(record.endsAt ? `ends ${formatDateTime(record.endsAt)}` : 'no end date');
  if (record.removedAt) parts.push(`removed on TradingView ${formatDateTime(record.removedAt)}`);
  return parts.join(' · ');
}

export function AccessItem({
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
