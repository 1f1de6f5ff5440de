/**
 * The audit log on the desk (docs/product/desk.md#audit-log): every admin action, admin log-in and
 * authenticator attempt, newest first, filtered by who (email, from its start), what and when.
 * Nothing here edits it; the database refuses that too. "Older entries" pages back 50 at a time.
 */
import { auditActionLabel } from '#shared/audit-actions';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { AuditEntryView, AuditQuery } from '#shared/admin-security-schemas';
import { formatDateTime } from '../../../lib/date-format';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { TextField } from '../../../ui/form/Field';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { DayField, dayFieldProblem } from '../DayField';
import { DeskSelect } from '../DeskSelect';
import { messageOf } from '../use-admin-data';
import { fetchAuditPage } from './audit-api';
import { auditSentence } from './audit-words';
import './audit-log.css';

interface Filters {
  actor: string;
  action: string;
  /** `YYYY-MM-DD` from the day fields, read as whole UTC days ('' none, null not a day). */
  from: string | null;
  to: string | null;
}

const NO_FILTERS: Filters = { actor: '', action: '', from: '', to: '' };

function queryOf(filters: Filters): AuditQuery {
  return {
    actor: filters.actor.trim() || undefined,
    action: filters.action || undefined,
    from: filters.from ? `${filters.from}T00:00:00Z` : undefined,
    to: filters.to ? `${filters.to}T23:59:59.999Z` : undefined,
  };
}

interface Shown {
  entries: AuditEntryView[];
  next: number | null;
  actions: string[];
}

export function AuditLogSection() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchAuditPage(queryOf(applied), controller.signal).then(
      (page) => {
        setShown(page);
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
  }, [applied, attempt]);

  const loadOlder = useCallback(async () => {
    if (!shown?.next) return;
    setLoading(true);
    try {
      const page = await fetchAuditPage({ ...queryOf(applied), before: shown.next });
      setShown({ ...page, entries: [...shown.entries, ...page.entries] });
      setError(null);
    } catch (failure) {
      setError(messageOf(failure));
    }
    setLoading(false);
  }, [applied, shown]);

  const [dayProblem, setDayProblem] = useState(false);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (draft.from === null || draft.to === null) {
      setDayProblem(true);
      return;
    }
    setDayProblem(false);
    setLoading(true);
    setApplied({ ...draft });
  }

  const filtered = Object.values(applied).some(Boolean);

  return (
    <div className="audit">
      <form className="audit__filters" onSubmit={apply} aria-label="Filter the audit log">
        <TextField
          label="Who"
          value={draft.actor}
          onValueChange={(actor) => setDraft({ ...draft, actor })}
          hint="Email, from its start."
          autoComplete="off"
          spellCheck={false}
        />
        <DeskSelect
          label="What"
          value={draft.action}
          onChange={(action) => setDraft({ ...draft, action })}
          options={[['', 'Every action'], ...actionOptions(shown?.actions ?? [])]}
        />
        <DayField
          label="From"
          day={draft.from}
          onDayChange={(from) => setDraft({ ...draft, from })}
          error={dayProblem && draft.from === null ? dayFieldProblem() : null}
        />
        <DayField
          label="To"
          day={draft.to}
          onDayChange={(to) => setDraft({ ...draft, to })}
          error={dayProblem && draft.to === null ? dayFieldProblem() : null}
        />
        <div className="audit__filter-actions">
          <Button type="submit" variant="primary" loading={loading && shown !== null}>
            Show
          </Button>
          {filtered && (
            <Button
              variant="ghost"
              onClick={() => {
                setLoading(true);
                setDraft(NO_FILTERS);
                setApplied(NO_FILTERS);
              }}
            >
              Clear filters
            </Button>
          )}
        </div>
      </form>
      {!shown ? (
        error ? (
          <DeskLoadFailed
            message={error}
            onRetry={() => {
              setLoading(true);
              setAttempt((n) => n + 1);
            }}
          />
        ) : (
          <DeskLoading label="Loading the audit log…" />
        )
      ) : (
        <>
          {error && <FormMessage tone="error">{error}</FormMessage>}
          {shown.entries.length === 0 ? (
            <p className="desk-empty">
              {filtered
                ? 'Nothing in the log matches these filters.'
                : 'The log is empty. Admin log-ins and actions appear here.'}
            </p>
          ) : (
            <ol className="audit__list" aria-label="Audit log entries">
              {shown.entries.map((entry) => (
                <AuditItem key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
          {shown.next !== null && (
            <div className="desk-actions desk-actions--start">
              <Button loading={loading} onClick={() => void loadOlder()}>
                Older entries
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

const OUTCOME_LABELS: Record<AuditEntryView['outcome'], string> = {
  success: 'Done',
  failure: 'Failed',
  denied: 'Refused',
};

function detailText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The What filter's choices: each logged action in words, in the order of those words. */
function actionOptions(actions: readonly string[]): (readonly [string, string])[] {
  return actions
    .map((action) => [action, auditActionLabel(action)] as const)
    .sort((a, b) => a[1].localeCompare(b[1]));
}

function AuditItem({ entry }: { entry: AuditEntryView }) {
  const details = Object.entries(entry.details);
  return (
    <li className="audit-entry" data-outcome={entry.outcome} data-action={entry.action}>
      <div className="audit-entry__head">
        <p className="audit-entry__sentence">{auditSentence(entry)}</p>
        <span className="audit-entry__outcome">{OUTCOME_LABELS[entry.outcome]}</span>
        {/* The action in the What filter's words. */}
        <span className="audit-entry__action">{auditActionLabel(entry.action)}</span>
        <time className="audit-entry__time" dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      <details className="audit-entry__more disclosure">
        <summary className="disclosure__summary">Record</summary>
        <dl className="audit-entry__facts">
          <div>
            <dt>From</dt>
            <dd>the {entry.source}</dd>
          </div>
          <div>
            <dt>Action</dt>
            <dd>
              <code>{entry.action}</code>
            </dd>
          </div>
          {entry.targetId && (
            <div>
              <dt>On</dt>
              <dd>
                <code>{entry.targetId}</code>
              </dd>
            </div>
          )}
          {details.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{detailText(value)}</dd>
            </div>
          ))}
          {entry.requestId && (
            <div>
              <dt>Request</dt>
              <dd>
                <code>{entry.requestId}</code>
              </dd>
            </div>
          )}
        </dl>
      </details>
    </li>
  );
}
