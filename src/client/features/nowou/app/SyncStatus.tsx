/**
 * Nowou's sync as people see it (docs/product.md#nowou-sync): a short state in the bar (with Retry
 * after an error, Log in to sync when nobody is signed in) and, under the bar, the question before
 * this browser's items are merged into an account and what a limit refused.
 */
import { useState } from 'react';
import { usePopups } from '../../../lib/popups/use-popups';
import { Button } from '../../../ui/Button';
import type { NowouSync } from '../sync/use-nowou-sync';

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function SyncIndicator({ sync }: { sync: NowouSync }) {
  const { open } = usePopups();
  const { status } = sync;
  const label = (() => {
    switch (status.kind) {
      case 'idle':
        return null;
      case 'local':
        return 'On this device only';
      case 'needs-consent':
        return 'Not syncing';
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
  if (label === null) return null;
  return (
    <div className="nowou-sync" data-state={status.kind}>
      <span
        className="nowou-sync__state"
        title={status.kind === 'synced' ? `Synced at ${TIME.format(status.at)}` : undefined}
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
        <Button variant="ghost" onClick={() => open({ name: 'logIn' })}>
          Log in to sync
        </Button>
      )}
    </div>
  );
}

export function SyncNotices({ sync }: { sync: NowouSync }) {
  const { status } = sync;
  const [notNow, setNotNow] = useState(false);
  if (status.kind === 'needs-consent' && !notNow) {
    const count = status.localItems === 1 ? '1 item' : `${status.localItems} items`;
    return (
      <div className="nowou-app__notice" role="region" aria-label="Sync">
        <p>
          This browser holds {count} that {status.localItems === 1 ? 'is' : 'are'} not in your
          account yet. Add {status.localItems === 1 ? 'it' : 'them'} to your account to have
          everything on all your devices.
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
  if (status.kind === 'needs-consent') {
    return (
      <p className="nowou-app__notice" role="status">
        Nothing syncs until this browser’s items are added to your account.{' '}
        <Button variant="ghost" onClick={() => setNotNow(false)}>
          Add them…
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
