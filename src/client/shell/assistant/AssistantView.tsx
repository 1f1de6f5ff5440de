/**
 * What the assistant shows (Assistant.tsx loads it once there is something to show): the character
 * that reopens the log, the speech bubble typing its message, and the log.
 */
import { useEffect, useEffectEvent, useId, useRef, type RefObject } from 'react';
import type { AssistantEntry } from '../../lib/assistant/assistant-store';
import { useAssistant } from '../../lib/assistant/use-assistant';
import { useAssistantState } from '../../lib/assistant/use-assistant-state';
import { CloseIcon } from '../../ui/icons';
import { TypedText } from './TypedText';
import { formatDateTime } from '../../lib/date-format';

/** "21 Nov 2026, 14:02" (lib/date-format); nothing for a time that is not one. */
function formatTime(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? '' : formatDateTime(iso);
}

function AssistantFace() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M4 6.5A3.5 3.5 0 0 1 7.5 3h9A3.5 3.5 0 0 1 20 6.5v6a3.5 3.5 0 0 1-3.5 3.5H11l-4.5 4v-4A3.5 3.5 0 0 1 4 12.5z"
        fill="currentColor"
      />
      <circle cx="9" cy="9.5" r="1.3" fill="var(--color-accent)" />
      <circle cx="15" cy="9.5" r="1.3" fill="var(--color-accent)" />
    </svg>
  );
}

function Bubble({ entry, onClose }: { entry: AssistantEntry; onClose: () => void }) {
  return (
    <div className="assistant__bubble">
      <p className="assistant__text" aria-hidden="true">
        <TypedText text={entry.text} />
      </p>
      <button
        type="button"
        className="assistant__close"
        aria-label="Close the assistant's message"
        onClick={onClose}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

function Log({
  id,
  entries,
  onClose,
}: {
  id: string;
  entries: readonly AssistantEntry[];
  onClose: () => void;
}) {
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // The newest message is at the bottom, in view.
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [entries]);
  return (
    <section id={id} className="assistant__log" aria-labelledby={headingId}>
      <div className="assistant__log-head">
        <h2 id={headingId} className="assistant__log-title">
          Assistant
        </h2>
        <button
          type="button"
          className="assistant__close"
          aria-label="Close the assistant's log"
          onClick={onClose}
        >
          <CloseIcon size={18} />
        </button>
      </div>
      {/* Scrolls with the keyboard too, so it is focusable. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ol ref={listRef} className="assistant__log-list" tabIndex={0} aria-labelledby={headingId}>
        {entries.map((entry) => (
          <li key={entry.key} className="assistant__log-entry">
            <time className="assistant__log-time" dateTime={entry.at}>
              {formatTime(entry.at)}
            </time>
            <p className="assistant__log-text">{entry.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function AssistantView({
  containerRef,
}: {
  containerRef: RefObject<HTMLDivElement | null>;
}) {
  const { shown, log, logOpen } = useAssistantState();
  const assistant = useAssistant();
  const logId = useId();
  const launcherRef = useRef<HTMLButtonElement>(null);

  const closeLog = () => {
    assistant.closeLog();
    launcherRef.current?.focus();
  };

  // Escape closes the log or the bubble while focus is in the assistant (not a pop-up's Escape).
  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !containerRef.current?.contains(document.activeElement)) return;
    if (logOpen) closeLog();
    else if (shown) {
      assistant.dismiss();
      launcherRef.current?.focus();
    }
  });
  useEffect(() => {
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, []);

  return (
    <>
      {log.length > 0 && (
        <button
          ref={launcherRef}
          type="button"
          className="assistant__launcher"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          aria-label={logOpen ? "Close the assistant's log" : "Open the assistant's log"}
          onClick={logOpen ? closeLog : assistant.openLog}
        >
          <AssistantFace />
        </button>
      )}
      {logOpen ? (
        <Log id={logId} entries={log} onClose={closeLog} />
      ) : (
        shown && <Bubble key={shown.key} entry={shown} onClose={assistant.dismiss} />
      )}
    </>
  );
}
