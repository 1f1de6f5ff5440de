/**
 * A document's history: every revision with who published it, when and how, its difference to the
 * one before, and Restore (asked first), which publishes an earlier revision again as a new one.
 */
import { useEffect, useRef, useState } from 'react';
import type { RevisionSummary } from '#shared/content-api-schemas';
import type { ContentKey } from '#shared/content-parts';
import { formatDateTime } from '../../../lib/date-format';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { messageOf } from '../use-admin-data';
import { diffValues, type DiffRow } from './content-diff';
import {
  fetchRevision,
  fetchRevisions,
  PublishRefused,
  restoreRevision,
  type PublishOutcome,
} from './content-api';
import { DiffView } from './DiffView';

/** "from the desk", "restored from revision 3", … */
export function sourceText(revision: RevisionSummary): string {
  switch (revision.source) {
    case 'shipped':
      return 'as the site shipped';
    case 'import':
      return 'imported from a folder';
    case 'restore':
      return revision.restoredFrom === null
        ? 'restored'
        : `restored from revision ${revision.restoredFrom}`;
    default:
      return 'from the desk';
  }
}

/** "29 Nov 2026, 14:02 by owner, from the desk". */
export function publishedText(revision: RevisionSummary): string {
  const by = revision.publishedBy ? ` by ${revision.publishedBy.name}` : '';
  return `${formatDateTime(revision.publishedAt)}${by}, ${sourceText(revision)}`;
}

interface ContentHistoryProps {
  documentKey: ContentKey;
  /** The revision published now: Restore is made on it. */
  current: number;
  onRestored: (outcome: PublishOutcome) => void;
}

export function ContentHistory({ documentKey, current, onRestored }: ContentHistoryProps) {
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchRevisions(documentKey, controller.signal).then(
      (list) => {
        setRevisions(list);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [documentKey, current, attempt]);

  if (error && !revisions)
    return <DeskLoadFailed message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!revisions) return <DeskLoading label="Loading the history…" size="sm" />;
  return (
    <ol className="content-history" aria-label="Revisions">
      {revisions.map((revision) => (
        <RevisionItem
          key={revision.revision}
          documentKey={documentKey}
          revision={revision}
          current={current}
          onRestored={onRestored}
        />
      ))}
    </ol>
  );
}

function RevisionItem({
  documentKey,
  revision,
  current,
  onRestored,
}: {
  documentKey: ContentKey;
  revision: RevisionSummary;
  current: number;
  onRestored: (outcome: PublishOutcome) => void;
}) {
  const [changes, setChanges] = useState<DiffRow[] | null>(null);
  const [showing, setShowing] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'asking' | 'restoring'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const n = revision.revision;
  const isCurrent = n === current;

  useEffect(() => {
    if (phase === 'asking') keepRef.current?.focus();
  }, [phase]);

  async function toggleChanges() {
    if (showing) return setShowing(false);
    setShowing(true);
    if (changes) return;
    try {
      const [after, before] = await Promise.all([
        fetchRevision(documentKey, n),
        n > 1 ? fetchRevision(documentKey, n - 1) : Promise.resolve(null),
      ]);
      setChanges(diffValues(documentKey, before?.value, after.value));
    } catch (failure) {
      setShowing(false);
      setProblem(messageOf(failure));
    }
  }

  async function restore() {
    setPhase('restoring');
    setProblem(null);
    try {
      onRestored(await restoreRevision(documentKey, n, current));
      setPhase('idle');
    } catch (failure) {
      setProblem(failure instanceof PublishRefused ? failure.message : messageOf(failure));
      setPhase('idle');
    }
  }

  return (
    <li className="content-history__item" data-current={isCurrent || undefined}>
      <div className="content-history__head">
        <p className="content-history__title">
          Revision {n}
          {isCurrent && <span className="content-badge">Published now</span>}
        </p>
        <p className="content-history__meta">{publishedText(revision)}</p>
      </div>
      <div className="content-history__actions">
        <Button
          variant="ghost"
          aria-expanded={showing}
          aria-label={`${showing ? 'Hide' : 'Show'} the changes of revision ${n}`}
          onClick={() => void toggleChanges()}
        >
          {showing ? 'Hide changes' : 'Show changes'}
        </Button>
        {!isCurrent && phase === 'idle' && (
          <Button
            variant="secondary"
            aria-label={`Restore revision ${n}`}
            onClick={() => setPhase('asking')}
          >
            Restore
          </Button>
        )}
      </div>
      {phase !== 'idle' && (
        // Escape answers Keep (and does not close the editor around it).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          className="content-confirm"
          role="group"
          aria-label={`Restore revision ${n}?`}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && phase === 'asking') {
              event.stopPropagation();
              setPhase('idle');
            }
          }}
        >
          <p className="content-confirm__question">
            Publish revision {n} again? It goes live at once as a new revision; revision {current}{' '}
            stays in the history.
          </p>
          <div className="desk-actions desk-actions--start">
            <Button
              variant="primary"
              loading={phase === 'restoring'}
              onClick={() => void restore()}
            >
              Restore revision {n}
            </Button>
            <Button
              ref={keepRef}
              variant="ghost"
              disabled={phase === 'restoring'}
              onClick={() => setPhase('idle')}
            >
              Keep
            </Button>
          </div>
        </div>
      )}
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      {showing &&
        (changes ? (
          <DiffView
            rows={changes}
            label={n > 1 ? `Changes from revision ${n - 1} to ${n}` : `Revision ${n}`}
          />
        ) : (
          <DeskLoading label="Loading the changes…" size="sm" />
        ))}
    </li>
  );
}
