/**
 * Log out (docs/product/accounts.md#log-out). When this browser keeps a copy of the account's Nowou items,
 * it asks first whether to keep that copy here or remove it (docs/product/nowou.md#nowou-sync); the
 * account keeps its items either way.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth/use-auth';
import type { LocalCopy } from '../../lib/nowou-local-copy';
import { useErrorReport } from '../../lib/popups/use-error-report';
import { Button } from '../../ui/Button';
import { LogOutIcon } from '../../ui/icons';

/** Loaded when someone logs out, so no page's first load carries it. */
const localCopyModule = () => import('../../lib/nowou-local-copy');

export function LogOutButton({ onLoggedOut }: { onLoggedOut?: () => void }) {
  const { info, logOut } = useAuth();
  const report = useErrorReport();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ userId: string; copy: LocalCopy } | null>(null);
  const questionId = useId();
  const question = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  async function finish(removeCopyOf: string | null) {
    setBusy(true);
    try {
      await logOut();
      if (removeCopyOf) await (await localCopyModule()).removeLocalCopy(removeCopyOf);
      setAsking(null);
      onLoggedOut?.();
    } catch (error) {
      report('handleLogOut', error);
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (busy) return;
    const userId = info?.uid;
    const copy = userId ? await (await localCopyModule()).localCopyOf(userId) : null;
    if (userId && copy && copy.items > 0) setAsking({ userId, copy });
    else await finish(null);
  }

  if (asking) {
    const { items, unsynced } = asking.copy;
    return (
      <div
        ref={question}
        className="navigation-panel__question"
        role="group"
        aria-labelledby={`${questionId}-title`}
        tabIndex={-1}
      >
        <p id={`${questionId}-title`} className="navigation-panel__question-title">
          Keep your Nowou items on this device?
        </p>
        <p>
          This browser keeps a copy of {items === 1 ? '1 item' : `${items} items`} from your
          account. They stay in your account either way.
          {unsynced > 0 &&
            ` ${unsynced === 1 ? '1 change has' : `${unsynced} changes have`} not reached your account yet: removing the copy loses ${unsynced === 1 ? 'it' : 'them'}.`}
        </p>
        <Button variant="primary" fullWidth loading={busy} onClick={() => void finish(null)}>
          Keep them and log out
        </Button>
        <Button
          variant="ghost"
          fullWidth
          disabled={busy}
          onClick={() => void finish(asking.userId)}
        >
          Remove them and log out
        </Button>
        <Button variant="ghost" fullWidth disabled={busy} onClick={() => setAsking(null)}>
          Cancel
        </Button>
      </div>
    );
  }

  return (
    <Button
      variant="ghost"
      fullWidth
      className="navigation-panel__app"
      loading={busy}
      onClick={() => void start()}
    >
      <LogOutIcon />
      Log out
    </Button>
  );
}
