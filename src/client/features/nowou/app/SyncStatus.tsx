/**
 * Nowou's sync as people see it (docs/product/nowou.md#nowou-sync): a short state in the bar (with Retry
 * after an error, Log in to sync when nobody is signed in) and, under the bar, the question before
 * this browser's items are merged into an account and what a limit refused.
 */
import { useState } from 'react';
import { usePopups } from '../../../lib/popups/use-popups';
import { Button } from '../../../ui/Button';
import type { NowouSync } from '../sync/use-nowou-sync';
import { formatClock } from '../../../lib/date-format';

export function SyncIndicator({ sync }: { sync: NowouSync }) {
  const { open } = usePopups();
  const { status } = sync;
  const label = (() => {
    switch (status.kind) {
      case 'idle':
        return null;
      case 'local':
        return 'On this device only';
      case 'syncing':
        return 'Syncing…';
      case 'synced':
        return 'Synced';
      case 'offline':
        return 'Offline · saved here';
      case 'limit':
        return 'Not all synced';
      case 'error':
        return 'Sync failed';
      case 'signed-out':
        return 'Logged out · saved here';
    }
  })();
  // The state is not known yet: an empty box of the same size, so the bar does not move later.
  if (label === null) return <div className="nowou-sync" data-state="idle" />;
  return (
    <div className="nowou-sync" data-state={status.kind}>
      <span
        className="nowou-sync__state"
        title={status.kind === 'synced' ? `Synced at ${formatClock(status.at)}` : undefined}
      >
        <span className="nowou-sync__dot" aria-hidden="true" />
        {label}
      </span>
      {status.kind === 'error' && (
        <Button variant="ghost" onClick={sync.retry}>
          Retry
        </Button>
      )}
      {status.kind === 'local' && (
        <Button variant="ghost" onClick={() => open({ name: 'logIn', stay: true })}>
          Log in to sync
        </Button>
      )}
    </div>
  );
}

export function SyncNotices({ sync }: { sync: NowouSync }) {
  const { status, waiting } = sync;
  const [notNow, setNotNow] = useState(false);
  const one = waiting === 1;
  if (waiting > 0 && !notNow) {
    return (
      <div className="nowou-app__notice" role="region" aria-label="Sync">
        <p>
          This browser holds {one ? '1 item' : `${waiting} items`} that {one ? 'is' : 'are'} not in
          your account yet. Add {one ? 'it' : 'them'} to your account to have everything on all your
          devices.
        </p>
        <Button variant="primary" onClick={sync.consent}>
          Add to my account
        </Button>
        <Button variant="ghost" onClick={() => setNotNow(true)}>
          Not now
        </Button>
      </div>
    );
  }
  if (waiting > 0) {
    return (
      <p className="nowou-app__notice" role="status">
        {one ? '1 item stays' : `${waiting} items stay`} on this browser only until{' '}
        {one ? 'it is' : 'they are'} added to your account.{' '}
        <Button variant="ghost" onClick={() => setNotNow(false)}>
          {one ? 'Add it…' : 'Add them…'}
        </Button>
      </p>
    );
  }
  if (status.kind === 'limit' || status.kind === 'error') {
    return (
      <p className="nowou-app__notice nowou-app__notice--problem" role="alert">
        {status.message}
      </p>
    );
  }
  return null;
}
