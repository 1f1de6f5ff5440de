/**
 * What the owner can do with a record, by its state: grant a request (a trial for its days, a
 * purchase for a plan's length) or decline it, mark ended access removed on TradingView, extend or
 * revoke active access. Revoking and declining ask first.
 */
import { useId, useState } from 'react';
import { TRIAL_DAYS } from '#shared/indicator-products';
import type { AdminAccessRecord } from '#shared/product-access-schemas';
import { contentPart } from '../../../lib/site-content';
import { Button } from '../../../ui/Button';
import { extendAccess, grantAccess, markRemovedOnTradingView, revokeAccess } from '../api';

/** What a purchase can be granted for: the published plans' lengths (null: no end date). */
function grantChoices(): { days: number | null; label: string }[] {
  return contentPart('indicators').plans.map((plan) => ({
    days: plan.days,
    label: plan.days === null ? `${plan.name}: no end date` : `${plan.name}: ${plan.days} days`,
  }));
}

const EXTEND_CHOICES: readonly number[] = [TRIAL_DAYS, 30, 365];

interface AccessActionsProps {
  record: AdminAccessRecord;
  busy: boolean;
  confirming: boolean;
  onConfirming: (confirming: boolean) => void;
  run: (action: () => Promise<AdminAccessRecord>) => void;
}

export function AccessActions({ record, busy, confirming, onConfirming, run }: AccessActionsProps) {
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
    const choices = grantChoices();
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
              {choices.map((choice, index) => (
                <option key={choice.label} value={index}>
                  {choice.label}
                </option>
              ))}
            </select>
            <Button
              variant="primary"
              loading={busy}
              onClick={() => run(() => grantAccess(id, choices[grantIndex]?.days ?? 30))}
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
