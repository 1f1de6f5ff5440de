/**
 * On the account page, for admins only: how they hear about what needs an answer (new trial and
 * purchase requests, messages, new error groups; docs/product/mail.md#owner-notifications): no mails, a
 * mail at once for each, or one daily digest. It needs the desk's authenticator code like every
 * admin call; a session without one is sent to the desk to enter it.
 */
import { useEffect, useId, useState } from 'react';
import {
  DIGEST_HOUR_UTC,
  NOTIFICATION_MODES,
  type NotificationMode,
} from '#shared/notification-schemas';
import { paths } from '#shared/paths';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/use-auth';
import { isAdmin } from '../../../lib/current-user';
import { FormMessage } from '../../../ui/form/FormMessage';
import { fetchMfaStatus } from '../mfa/mfa-api';
import { messageOf } from '../use-admin-data';
import { fetchNotificationMode, saveNotificationMode } from './notifications-api';
import './owner-notifications.css';

const LABELS: Record<NotificationMode, string> = {
  off: 'No mails',
  instant: 'A mail at once for each',
  daily: `One daily digest (around ${String(DIGEST_HOUR_UTC).padStart(2, '0')}:00 UTC)`,
};

export function OwnerNotifications() {
  const { user } = useAuth();
  if (!isAdmin(user)) return null;
  return <NotificationChoice />;
}

function NotificationChoice() {
  const { info } = useAuth();
  const titleId = useId();
  const name = useId();
  const [mode, setMode] = useState<NotificationMode | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    // A session that has not entered a code is told so without a refused call.
    fetchMfaStatus(controller.signal)
      .then((status) => {
        if (status.verifiedAt) return fetchNotificationMode(controller.signal).then(setMode);
        setNeedsCode(true);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        if (failure instanceof ApiError && failure.status === 'mfa-required') setNeedsCode(true);
        else setError(messageOf(failure));
      });
    return () => controller.abort();
  }, []);

  async function choose(next: NotificationMode) {
    const before = mode;
    // Shown at once; put back if the server refuses it.
    setMode(next);
    setSaving(true);
    setSaved(false);
    setError(null);
    try {
      setMode(await saveNotificationMode(next));
      setSaved(true);
    } catch (failure) {
      setMode(before);
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby={titleId}>
      <div className="account-section__head">
        <h2 id={titleId} className="account-section__title">
          Owner notifications
        </h2>
        <p className="account-section__description">
          New indicator trial and purchase requests, contact and support messages, Lokala jobb
          enquiries and new error groups, by email to {info?.email ?? 'you'}.
        </p>
      </div>
      {needsCode ? (
        <p className="account-section__description">
          Enter your authenticator code on <a href={paths.admin}>the desk</a> first, then come back
          to choose.
        </p>
      ) : mode === null && !error ? (
        <span className="skeleton account__skeleton-card" aria-busy="true" />
      ) : (
        <fieldset
          className="owner-notifications"
          disabled={mode === null}
          aria-busy={saving || undefined}
        >
          <legend className="visually-hidden">Notification mails</legend>
          {NOTIFICATION_MODES.map((option) => (
            <label key={option} className="owner-notifications__option">
              <input
                type="radio"
                name={name}
                checked={mode === option}
                onChange={() => void choose(option)}
              />
              {LABELS[option]}
            </label>
          ))}
        </fieldset>
      )}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {saved && <FormMessage tone="success">Saved.</FormMessage>}
    </section>
  );
}
