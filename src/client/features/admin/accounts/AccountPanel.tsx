/**
 * One account on the desk: who it is, its sessions, what happened to it (one timeline, newest
 * first), and the owner's actions: rank, early-user flag, disable with a reason or enable, end every
 * session, resend the verification mail, delete with its data. Ranks, disabling and deleting ask
 * for a fresh authenticator code when the last one is older than 15 minutes (lib/api does that).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  ACCOUNT_RANK_MAX,
  DISABLE_REASON_MAX_LENGTH,
  type DeskAccountDetail,
  type TimelineEntry,
} from '#shared/desk-accounts-schemas';
import type { AuditEntryView } from '#shared/admin-security-schemas';
import { isMailList } from '#shared/mail-list-schemas';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatAgo, formatDateTime } from '../../../lib/date-format';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { TextAreaField, TextField } from '../../../ui/form/Field';
import { Switch } from '../../../ui/form/Switch';
import { ArrowLeftIcon } from '../../../ui/icons';
import { DeleteControl } from '../DeleteControl';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { auditSentence } from '../audit/audit-words';
import { LIST_LABELS } from '../mail/list-labels';
import { messageOf } from '../use-admin-data';
import {
  deleteAccount,
  disableAccount,
  enableAccount,
  endSessions,
  fetchAccount,
  resendVerification,
  setEarlyUser,
  setRank,
} from './accounts-api';

interface AccountPanelProps {
  id: string;
  onBack: () => void;
  /** Something changed that the list shows (rank, flags, deletion). */
  onChanged: () => void;
}

export function AccountPanel({ id, onBack, onChanged }: AccountPanelProps) {
  const viewer = useAuth();
  const [detail, setDetail] = useState<DeskAccountDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchAccount(id, controller.signal).then(
      (loaded) => {
        setDetail(loaded);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const run = useCallback(
    async <T,>(action: () => Promise<T>, done: string | ((result: T) => string)) => {
      setNotice(null);
      setError(null);
      try {
        const result = await action();
        setNotice(typeof done === 'string' ? done : done(result));
        setAttempt((n) => n + 1);
        onChanged();
      } catch (failure) {
        setError(messageOf(failure));
      }
    },
    [onChanged],
  );

  const back = (
    <Button variant="ghost" onClick={onBack} className="account__back">
      <ArrowLeftIcon size={18} /> All accounts
    </Button>
  );

  if (deleted) {
    return (
      <div className="account">
        {back}
        <FormMessage tone="success">The account and its data are deleted.</FormMessage>
      </div>
    );
  }
  if (!detail) {
    return (
      <div className="account">
        {back}
        {error ? (
          <DeskLoadFailed message={error} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          <DeskLoading label="Loading the account…" />
        )}
      </div>
    );
  }

  const { account, sessions, timeline } = detail;
  const own = account.id === viewer.info?.uid;
  // The server refuses these (docs/product/desk.md#accounts-on-the-desk); the panel does not offer them.
  const above = !own && account.adminRank > (viewer.user?.adminRank ?? 0);
  return (
    <div className="account">
      {back}
      <div className="account__head">
        <h3 className="account__name">{account.username}</h3>
        <p className="account__email">{account.email}</p>
        {account.disabledAt && (
          <p className="account__disabled" role="note">
            Disabled {formatDateTime(account.disabledAt)}: {account.disabledReason}
          </p>
        )}
      </div>
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <dl className="account__facts">
        <Fact term="Signed up">{formatDateTime(account.createdAt)}</Fact>
        <Fact term="Email">{account.emailVerified ? 'Verified' : 'Not verified'}</Fact>
        <Fact term="Rank">{account.adminRank}</Fact>
        <Fact term="Mail lists">
          {account.mailLists.length
            ? account.mailLists.map((list) => LIST_LABELS[list]).join(', ')
            : 'None'}
        </Fact>
        <Fact term="Id">
          <code>{account.id}</code>
        </Fact>
      </dl>

      {own ? (
        <p className="account__note" role="note">
          This is your own account. Its rank, disabling and deleting are done by another admin or
          from the command line; your own sessions and settings are on your account page.
        </p>
      ) : above ? (
        <p className="account__note" role="note">
          This account is ranked above yours, so the desk offers no actions on it.
        </p>
      ) : (
        <div className="account__actions">
          <RankForm
            rank={account.adminRank}
            onSave={(rank) => run(() => setRank(account.id, rank), `Rank set to ${rank}.`)}
          />
          <Switch
            label="Early user"
            checked={account.earlyUser}
            onCheckedChange={(checked) =>
              void run(
                () => setEarlyUser(account.id, checked),
                checked ? 'Marked as an early user.' : 'No longer an early user.',
              )
            }
          />
          {account.disabled ? (
            <Button
              onClick={() =>
                void run(() => enableAccount(account.id), 'Enabled. They can log in again.')
              }
            >
              Enable the account
            </Button>
          ) : (
            <DisableForm
              onDisable={(reason) =>
                run(
                  () => disableAccount(account.id, reason),
                  'Disabled. Every session ended and log-in is refused.',
                )
              }
            />
          )}
          <div className="desk-actions desk-actions--start">
            <Button
              onClick={() =>
                void run(
                  () => endSessions(account.id),
                  (ended) => `${String(ended)} session${ended === 1 ? '' : 's'} ended.`,
                )
              }
            >
              End all sessions
            </Button>
            {!account.emailVerified && (
              <Button
                onClick={() =>
                  void run(
                    () => resendVerification(account.id),
                    'The verification mail is on its way.',
                  )
                }
              >
                Resend verification
              </Button>
            )}
            <DeleteControl
              what="this account and its data"
              onDelete={async () => {
                await deleteAccount(account.id);
                setDeleted(true);
                onChanged();
              }}
            />
          </div>
        </div>
      )}

      <h4 className="account__subtitle">Sessions</h4>
      {sessions.length === 0 ? (
        <p className="desk-empty">No open sessions.</p>
      ) : (
        <ul className="account__sessions" aria-label="Sessions">
          {sessions.map((session) => (
            <li key={session.createdAt + session.lastSeenAt} className="account-session">
              <span className="account-session__device">
                {session.device ?? 'Device not known'}
                {session.current && <span className="account-session__tag"> · this browser</span>}
              </span>
              <span className="account-session__times">
                Logged in {formatDateTime(session.createdAt)} ({formatAgo(session.createdAt)}), last
                seen {formatDateTime(session.lastSeenAt)} ({formatAgo(session.lastSeenAt)})
                {session.mfaVerifiedAt && ', code entered'}
              </span>
            </li>
          ))}
        </ul>
      )}

      <h4 className="account__subtitle">Activity</h4>
      {timeline.length === 0 ? (
        <p className="desk-empty">Nothing yet.</p>
      ) : (
        <ol className="account__timeline" aria-label="Activity">
          {timeline.map((entry, index) => (
            <li key={`${entry.kind}-${entry.at}-${index}`} data-kind={entry.kind}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              <span>{describe(entry, account.email)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A mail-list row's state as the timeline says it. */
const MEMBER_STATE_WORDS: Record<string, string> = {
  pending: 'asked to join (confirmation mail sent)',
  subscribed: 'confirmed, on the list',
  unsubscribed: 'left the list',
};

function outcomeOf(outcome: string): AuditEntryView['outcome'] {
  return outcome === 'denied' || outcome === 'failure' ? outcome : 'success';
}

function describe(entry: TimelineEntry, email: string): string {
  switch (entry.kind) {
    case 'signed-up':
      return 'Signed up';
    case 'mail-list': {
      // The list's row keeps when it was made and when its state last changed, not each step between.
      const list = isMailList(entry.list) ? LIST_LABELS[entry.list] : entry.list;
      return `${list}: ${MEMBER_STATE_WORDS[entry.state] ?? entry.state}`;
    }
    case 'submission':
      return `Sent the ${entry.type} form (${entry.status})`;
    case 'indicator-access':
      return `Indicator ${entry.product}, ${entry.accessKind}: ${entry.status}`;
    case 'error-report':
      return `Sent an error report: ${entry.errorName}`;
    case 'admin-action':
      return `${auditSentence({ ...entry, outcome: outcomeOf(entry.outcome), targetLabel: email })}${
        entry.outcome === 'success' ? '' : ` (${entry.outcome === 'denied' ? 'refused' : 'failed'})`
      }`;
  }
}

function RankForm({ rank, onSave }: { rank: number; onSave: (rank: number) => Promise<void> }) {
  const [value, setValue] = useState(String(rank));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = Number(value);
    if (!/^\d{1,4}$/.test(value) || next > ACCOUNT_RANK_MAX) {
      setProblem(`Choose a rank from 0 to ${ACCOUNT_RANK_MAX}.`);
      return;
    }
    setProblem(null);
    setBusy(true);
    await onSave(next);
    setBusy(false);
  }
  return (
    <form className="account__inline-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Admin rank"
        value={value}
        onValueChange={setValue}
        inputMode="numeric"
        error={problem}
        hint="Above 9 opens the desk."
      />
      <Button type="submit" loading={busy} disabled={value === String(rank)}>
        Save rank
      </Button>
    </form>
  );
}

function DisableForm({ onDisable }: { onDisable: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem('Say why the account is disabled.');
      return;
    }
    setProblem(null);
    setBusy(true);
    await onDisable(reason.trim());
    setBusy(false);
  }
  return (
    <form className="account__inline-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label="Reason for disabling"
        value={reason}
        onValueChange={setReason}
        max={DISABLE_REASON_MAX_LENGTH}
        rows={2}
        error={problem}
      />
      <Button type="submit" loading={busy}>
        Disable the account
      </Button>
    </form>
  );
}
