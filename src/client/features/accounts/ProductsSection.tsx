/**
 * "Indicators" on /account (docs/product/accounts.md#account-page): each indicator's free trial and licences
 * with their state and end date, from GET /api/me/products. It reads again whenever the user's info
 * changes (the live `user` event follows the owner granting, extending or revoking access).
 */
import { useEffect, useState } from 'react';
import { Link } from '../../lib/navigation/router';
import type { UserInfo } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import {
  ACCESS_KIND_LABELS,
  INDICATOR_PRODUCTS,
  INDICATORS,
  TRIAL_DAYS,
  type AccessState,
} from '#shared/indicator-products';
import type { OwnAccessRecord } from '#shared/product-access-schemas';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/date-format';
import { devLog } from '../../lib/dev-log';
import { Button } from '../../ui/Button';
import { FormMessage } from '../../ui/form/FormMessage';
import { fetchOwnProducts } from './api';
import { SettingsSection } from './SettingsSection';
import './account-products.css';

type Load =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'loaded'; records: OwnAccessRecord[] };

const STATE_LABELS: Record<AccessState, string> = {
  requested: 'Waiting to be shared',
  active: 'Active',
  ended: 'Ended',
  revoked: 'Revoked',
  declined: 'Not granted',
};

const STATE_TONES: Record<AccessState, 'success' | 'warning' | 'muted'> = {
  requested: 'warning',
  active: 'success',
  ended: 'muted',
  revoked: 'muted',
  declined: 'muted',
};

/** What the state means for this record, with its dates. */
export function accessSentence(record: OwnAccessRecord): string {
  switch (record.state) {
    case 'requested':
      return `Asked for on ${formatDate(record.createdAt)}. It is added to your TradingView username by hand, usually within a day.`;
    case 'active':
      return record.endsAt
        ? `On your TradingView username until ${formatDate(record.endsAt)}.`
        : 'On your TradingView username, with no end date.';
    case 'ended':
      return `Ended on ${formatDate(record.endsAt ?? record.createdAt)}.`;
    case 'revoked':
      return `Taken off on ${formatDate(record.endsAt ?? record.createdAt)}. Write to support if you think this is a mistake.`;
    case 'declined':
      return record.kind === 'freeTrial'
        ? 'Not granted, so the trial is still yours: ask again with the right TradingView username.'
        : 'Not granted. Write to support if you still want it.';
  }
}

export function ProductsSection({ info }: { info: UserInfo }) {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // `info` changes when the live `user` event says the account changed: read the products again.
  useEffect(() => {
    const controller = new AbortController();
    fetchOwnProducts(controller.signal)
      .then((records) => setLoad({ phase: 'loaded', records }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError)) devLog('GET /api/me/products failed', error);
        setLoad({
          phase: 'failed',
          message: error instanceof ApiError ? error.message : COPY.somethingWentWrongForm,
        });
      });
    return () => controller.abort();
  }, [info, attempt]);

  return (
    <SettingsSection
      title="Indicators"
      description="Your free trials and licences, and when they end. Each one is for the TradingView username you gave."
    >
      {load.phase === 'loading' ? (
        <div className="account-products__loading" aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading your indicators…
          </span>
          <span className="skeleton account-products__skeleton" />
        </div>
      ) : load.phase === 'failed' ? (
        <FormMessage
          tone="error"
          action={
            <Button
              onClick={() => {
                setLoad({ phase: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          }
        >
          {load.message}
        </FormMessage>
      ) : (
        <ul className="account-products">
          {INDICATOR_PRODUCTS.map((product) => {
            const records = load.records.filter((record) => record.product === product);
            const { title, path } = INDICATORS[product];
            return (
              <li key={product} className="account-product">
                <h3 className="account-product__name">
                  <Link to={path}>{title}</Link>
                </h3>
                {records.length === 0 ? (
                  <p className="account-product__empty">
                    No trial or licence yet.{' '}
                    <Link to={path}>Try it free for {TRIAL_DAYS} days</Link>.
                  </p>
                ) : (
                  <ul className="account-product__records">
                    {records.map((record) => (
                      <li key={record.id} className="access-record">
                        <div className="access-record__head">
                          <span className="access-record__kind">
                            {ACCESS_KIND_LABELS[record.kind]}
                          </span>
                          <span className="account-badge" data-tone={STATE_TONES[record.state]}>
                            {STATE_LABELS[record.state]}
                          </span>
                        </div>
                        <p className="access-record__text">{accessSentence(record)}</p>
                        <p className="access-record__username">
                          TradingView username:{' '}
                          <span className="access-record__name" translate="no">
                            {record.platformUsername}
                          </span>
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SettingsSection>
  );
}
