/**
 * The assistant messages waiting for their start, soonest first, each with its pages, start and
 * end; the owner changes one (in the composer above) or cancels it before it shows.
 */
import { useState } from 'react';
import type { DeskAssistantMessage, ScheduledAssistantMessages } from '#shared/assistant-schemas';
import { formatDateTime } from '../../../lib/date-format';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { pageTitle } from '../admin-format';
import { cancelScheduledMessage } from '../api';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { messageOf, type AdminData } from '../use-admin-data';

interface ScheduledMessagesProps {
  schedule: AdminData<ScheduledAssistantMessages>;
  onEdit: (message: DeskAssistantMessage) => void;
  onCancelled: (id: string) => void;
}

export function ScheduledMessages({ schedule, onEdit, onCancelled }: ScheduledMessagesProps) {
  let body;
  if (schedule.data === undefined) {
    body = schedule.error ? (
      <DeskLoadFailed message={schedule.error} onRetry={schedule.reload} />
    ) : (
      <DeskLoading label="Loading scheduled messages…" size="sm" />
    );
  } else if (schedule.data.scheduled.length === 0) {
    body = <p className="desk-empty">Nothing scheduled. Pick a start above to schedule one.</p>;
  } else {
    body = (
      <ol className="scheduled-list">
        {schedule.data.scheduled.map((message) => (
          <ScheduledItem
            key={message.id}
            message={message}
            onEdit={() => onEdit(message)}
            onCancelled={() => onCancelled(message.id)}
          />
        ))}
      </ol>
    );
  }
  return (
    <div className="current-message">
      <h3 className="current-message__title">Scheduled</h3>
      {schedule.error && schedule.data !== undefined && (
        <FormMessage tone="error">{schedule.error}</FormMessage>
      )}
      {body}
    </div>
  );
}

function ScheduledItem({
  message,
  onEdit,
  onCancelled,
}: {
  message: DeskAssistantMessage;
  onEdit: () => void;
  onCancelled: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await cancelScheduledMessage(message.id);
      onCancelled();
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <li className="scheduled-item">
      <p className="current-message__meta">
        From <time dateTime={message.startsAt}>{formatDateTime(message.startsAt)}</time>
        {message.endsAt ? (
          <>
            {' '}
            until <time dateTime={message.endsAt}>{formatDateTime(message.endsAt)}</time>
          </>
        ) : (
          ', until replaced or cleared'
        )}
      </p>
      <p className="current-message__text">{message.text}</p>
      <ul className="page-chips" aria-label="Shown on">
        {message.pages.map((key) => (
          <li key={key} className="page-chip">
            {pageTitle(key) ?? key}
          </li>
        ))}
      </ul>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="desk-actions desk-actions--start scheduled-item__actions">
        {asking ? (
          <>
            <Button variant="secondary" loading={busy} onClick={() => void cancel()}>
              Cancel it for good
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setAsking(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onEdit}>Change</Button>
            <Button variant="ghost" onClick={() => setAsking(true)}>
              Cancel
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
