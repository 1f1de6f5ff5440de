/**
 * Accounts on the desk (docs/product/desk.md#accounts-on-the-desk): search by the start of an email or
 * username, filter, page on with "Next page" (the browser's Back goes back a page), export what the
 * filters match as CSV, and open one account. The filters, the page's cursor and the open account
 * live in the address bar (`?q=…&cursor=…&account=…`), so a reload or a shared link shows the same.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../../lib/navigation/router';
import { MAIL_LISTS } from '#shared/mail-list-schemas';
import {
  ACCOUNT_RANK_MAX,
  DESK_ACCOUNT_MESSAGES,
  type AccountRow,
} from '#shared/desk-accounts-schemas';
import { requestStepUp } from '../../../lib/api';
import { formatDateTime } from '../../../lib/date-format';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { TextField } from '../../../ui/form/Field';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { DayField, dayFieldProblem } from '../DayField';
import { DeskSelect } from '../DeskSelect';
import { LIST_LABELS } from '../mail/list-labels';
import { messageOf } from '../use-admin-data';
import { AccountPanel } from './AccountPanel';
import { exportUrl, searchAccounts, type AccountFilterParams } from './accounts-api';
import { fetchMfaStatus } from '../mfa/mfa-api';
import './accounts.css';

const FILTER_KEYS = [
  'q',
  'rank',
  'earlyUser',
  'verified',
  'list',
  'disabled',
  'from',
  'to',
] as const;

function filtersFrom(params: URLSearchParams): AccountFilterParams {
  const filters: AccountFilterParams = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** The rank filter's choice: any rank, the admins, or one rank typed beside it. */
type RankChoice = '' | 'admin' | 'one';

function rankChoiceOf(rank: string | undefined): RankChoice {
  if (!rank) return '';
  return rank === 'admin' ? 'admin' : 'one';
}

/** One rank as the filter takes it: a whole number from 0 to 1000. */
function isRank(text: string): boolean {
  return /^\d{1,4}$/.test(text) && Number(text) <= ACCOUNT_RANK_MAX;
}

interface Results {
  accounts: AccountRow[];
  next: string | null;
}

export function AccountsSection() {
  const [params, setParams] = useSearchParams();
  const applied = filtersFrom(params);
  const appliedKey = JSON.stringify(applied);
  const openId = params.get('account');
  /** Where this page of the list starts (the server's cursor), in the address bar like the filters. */
  const cursor = params.get('cursor');
  const [draft, setDraft] = useState<AccountFilterParams>(applied);
  /** The day fields whose text is not a day (the search waits until it is). */
  const [badDays, setBadDays] = useState({ from: false, to: false });
  const [dayProblem, setDayProblem] = useState(false);
  const [rankChoice, setRankChoice] = useState<RankChoice>(rankChoiceOf(applied.rank));
  const [rankNumber, setRankNumber] = useState(
    rankChoiceOf(applied.rank) === 'one' ? (applied.rank ?? '') : '',
  );
  const [rankProblem, setRankProblem] = useState<string | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    searchAccounts(
      JSON.parse(appliedKey) as AccountFilterParams,
      cursor ?? undefined,
      controller.signal,
    ).then(
      (page) => {
        setResults(page);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(messageOf(failure));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [appliedKey, cursor, attempt]);

  function update(
    next: AccountFilterParams,
    account: string | null = openId,
    startAt: string | null = cursor,
  ) {
    const url = new URLSearchParams(params);
    for (const key of FILTER_KEYS) {
      const value = next[key]?.trim();
      if (value) url.set(key, value);
      else url.delete(key);
    }
    if (account) url.set('account', account);
    else url.delete('account');
    if (startAt) url.set('cursor', startAt);
    else url.delete('cursor');
    setParams(url);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const rank = rankChoice === 'one' ? rankNumber.trim() : rankChoice;
    if (badDays.from || badDays.to) {
      setDayProblem(true);
      return;
    }
    setDayProblem(false);
    if (rankChoice === 'one' && !isRank(rank)) {
      setRankProblem(DESK_ACCOUNT_MESSAGES.rankFilterInvalid);
      return;
    }
    setRankProblem(null);
    setLoading(true);
    update({ ...draft, rank }, null, null);
  }

  function goTo(startAt: string | null) {
    setLoading(true);
    update(applied, null, startAt);
  }

  async function exportCsv() {
    // The export is a sensitive action: ask for a fresh code first, then let the browser download.
    try {
      const status = await fetchMfaStatus();
      const fresh = status.stepUpUntil && Date.parse(status.stepUpUntil) > Date.now() + 5000;
      if (!fresh && !(await requestStepUp())) return;
    } catch (failure) {
      setError(messageOf(failure));
      return;
    }
    window.location.assign(exportUrl(applied));
  }

  const set = (key: keyof AccountFilterParams) => (value: string) =>
    setDraft({ ...draft, [key]: value });
  const setDay = (key: 'from' | 'to') => (day: string | null) => {
    setBadDays((bad) => ({ ...bad, [key]: day === null }));
    if (day !== null) setDraft((current) => ({ ...current, [key]: day }));
  };
  const filtered = Object.keys(applied).length > 0;
  const moreFilters = Object.keys(applied).some((key) => key !== 'q');

  if (openId) {
    return (
      <AccountPanel
        id={openId}
        onBack={() => update(applied, null)}
        onChanged={() => setAttempt((n) => n + 1)}
      />
    );
  }

  return (
    <div className="accounts">
      <form className="accounts__filters" onSubmit={apply} aria-label="Find accounts">
        <TextField
          label="Search"
          value={draft.q ?? ''}
          onValueChange={set('q')}
          hint="The start of an email or username."
          type="search"
          autoComplete="off"
          spellCheck={false}
          className="accounts__search"
        />
        <details className="accounts__more disclosure" open={moreFilters}>
          <summary className="disclosure__summary">
            Filters{moreFilters ? ` (${Object.keys(applied).filter((k) => k !== 'q').length})` : ''}
          </summary>
          <div className="accounts__more-fields">
            <DeskSelect
              label="Rank"
              value={rankChoice}
              onChange={(value) => {
                setRankChoice(value as RankChoice);
                setRankProblem(null);
              }}
              options={[
                ['', 'Any rank'],
                ['admin', 'Admins (above 9)'],
                ['one', 'One rank…'],
              ]}
            />
            {rankChoice === 'one' && (
              <TextField
                label="Rank number"
                value={rankNumber}
                onValueChange={(value) => {
                  setRankNumber(value);
                  setRankProblem(null);
                }}
                inputMode="numeric"
                autoComplete="off"
                hint={`0 to ${ACCOUNT_RANK_MAX}.`}
                error={rankProblem}
              />
            )}
            <DeskSelect
              label="Early user"
              value={draft.earlyUser ?? ''}
              onChange={set('earlyUser')}
              options={[
                ['', 'Either'],
                ['true', 'Early users'],
                ['false', 'Not early users'],
              ]}
            />
            <DeskSelect
              label="Email"
              value={draft.verified ?? ''}
              onChange={set('verified')}
              options={[
                ['', 'Verified or not'],
                ['true', 'Verified'],
                ['false', 'Not verified'],
              ]}
            />
            <DeskSelect
              label="Mail list"
              value={draft.list ?? ''}
              onChange={set('list')}
              options={[
                ['', 'Any or none'],
                ...MAIL_LISTS.map((list) => [list, LIST_LABELS[list]] as [string, string]),
              ]}
            />
            <DeskSelect
              label="Status"
              value={draft.disabled ?? ''}
              onChange={set('disabled')}
              options={[
                ['', 'Enabled or disabled'],
                ['false', 'Enabled'],
                ['true', 'Disabled'],
              ]}
            />
            <DayField
              label="Signed up from"
              day={badDays.from ? null : (draft.from ?? '')}
              onDayChange={setDay('from')}
              error={dayProblem && badDays.from ? dayFieldProblem() : null}
            />
            <DayField
              label="Signed up to"
              day={badDays.to ? null : (draft.to ?? '')}
              onDayChange={setDay('to')}
              error={dayProblem && badDays.to ? dayFieldProblem() : null}
            />
          </div>
        </details>
        <div className="accounts__filter-actions">
          <Button type="submit" variant="primary" loading={loading && results !== null}>
            Search
          </Button>
          {filtered && (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft({});
                setBadDays({ from: false, to: false });
                setRankChoice('');
                setRankNumber('');
                setRankProblem(null);
                setLoading(true);
                update({}, null, null);
              }}
            >
              Clear
            </Button>
          )}
          <Button onClick={() => void exportCsv()}>Export CSV</Button>
        </div>
      </form>
      {!results ? (
        error ? (
          <DeskLoadFailed
            message={error}
            onRetry={() => {
              setLoading(true);
              setAttempt((n) => n + 1);
            }}
          />
        ) : (
          <DeskLoading label="Loading accounts…" />
        )
      ) : (
        <>
          {error && <FormMessage tone="error">{error}</FormMessage>}
          {results.accounts.length === 0 ? (
            <p className="desk-empty">
              {filtered ? 'No account matches these filters.' : 'Nobody has signed up yet.'}
            </p>
          ) : (
            <ul className="accounts__list" aria-label="Accounts">
              {results.accounts.map((account) => (
                <li
                  key={account.id}
                  className="account-row"
                  data-disabled={account.disabled || undefined}
                >
                  <button
                    type="button"
                    className="account-row__open"
                    onClick={() => update(applied, account.id)}
                  >
                    <span className="account-row__name">{account.username}</span>
                    <span className="account-row__email">{account.email}</span>
                  </button>
                  <span className="account-row__tags">
                    {account.adminRank > 9 && <span className="tag">Admin</span>}
                    {account.earlyUser && <span className="tag">Early user</span>}
                    {!account.emailVerified && <span className="tag tag--muted">Not verified</span>}
                    {account.disabled && <span className="tag tag--danger">Disabled</span>}
                  </span>
                  <time className="account-row__time" dateTime={account.createdAt}>
                    {formatDateTime(account.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
          {(results.next || cursor) && (
            <nav className="desk-actions desk-actions--start" aria-label="Pages of accounts">
              {cursor && (
                <Button variant="ghost" onClick={() => goTo(null)}>
                  First page
                </Button>
              )}
              {results.next && (
                <Button loading={loading} onClick={() => goTo(results.next)}>
                  Next page
                </Button>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
