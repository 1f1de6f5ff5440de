/**
 * The assistant's live message, owner side (docs/product/assistant.md#live-message): write the text, pick its
 * pages from every page key, post it now or schedule it with a start and an optional end (in this
 * browser's time zone); see the current message with its pages and time and clear it; list, change
 * and cancel the scheduled ones.
 * The same schema as the server checks the form first (one error at a time, under its field,
 * docs/product/forms.md#form-behaviour); the server's own answer is shown the same way. Text is only ever
 * rendered as text.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ASSISTANT_TEXT_MAX,
  postAssistantMessageSchema,
  type DeskAssistantMessage,
} from '#shared/assistant-schemas';
import type { AssistantMessage } from '#shared/live-events';
import { PAGE_KEYS } from '#shared/page-keys';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/form/Field';
import { FormMessage } from '../../../ui/form/FormMessage';
import { formatDateTime, formatDay, parseDay } from '../../../lib/date-format';
import { pageTitle } from '../admin-format';
import {
  clearCurrentMessage,
  fetchCurrentMessage,
  fetchSchedule,
  postAssistantMessage,
  updateScheduledMessage,
} from '../api';
import { dayFieldProblem } from '../DayField';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { PagePicker } from './PagePicker';
import { ScheduledMessages } from './ScheduledMessages';
import { ScheduleFields } from './ScheduleFields';
import { localIso, localParts, TIME_PROBLEM, type Schedule } from './schedule-time';
import { messageOf, useAdminData } from '../use-admin-data';
import './assistant-composer.css';

type ComposerField = 'text' | 'pages' | 'startsAt' | 'endsAt';

interface Problem {
  /** The field the message belongs under; null for the whole form. */
  field: ComposerField | null;
  message: string;
}

const FIELDS: readonly ComposerField[] = ['text', 'pages', 'startsAt', 'endsAt'];

function asField(name: string | undefined): ComposerField | null {
  const first = name?.split('.')[0];
  return FIELDS.find((field) => field === first) ?? null;
}

const NO_SCHEDULE: Schedule = {
  later: false,
  startDay: '',
  startTime: '',
  endDay: '',
  endTime: '',
};

/** The schedule's ISO times, or the problem with the one that is not a day and a time. */
export function scheduleTimes(
  schedule: Schedule,
): { startsAt?: string; endsAt?: string } | Problem {
  const times: { startsAt?: string; endsAt?: string } = {};
  if (schedule.later) {
    const startsAt = localIso(schedule.startDay, schedule.startTime);
    if (!startsAt)
      return {
        field: 'startsAt',
        message: parseDay(schedule.startDay) ? TIME_PROBLEM : dayFieldProblem(),
      };
    times.startsAt = startsAt;
  }
  if (schedule.endDay.trim() || schedule.endTime.trim()) {
    const endsAt = localIso(schedule.endDay, schedule.endTime);
    if (!endsAt)
      return {
        field: 'endsAt',
        message: parseDay(schedule.endDay) ? TIME_PROBLEM : dayFieldProblem(),
      };
    times.endsAt = endsAt;
  }
  return times;
}

/** The first problem the shared schema finds, or null when the message can be posted. */
export function checkMessage(text: string, pages: readonly string[]): Problem | null {
  const result = postAssistantMessageSchema.safeParse({ text, pages: [...pages] });
  if (result.success) return null;
  const issue = result.error.issues[0];
  return {
    field: asField(issue?.path.map(String).join('.')),
    message: issue?.message ?? 'Invalid value.',
  };
}

function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) return { field: asField(error.field), message: error.message };
  return { field: null, message: messageOf(error) };
}

export function AssistantComposer() {
  const current = useAdminData(fetchCurrentMessage);
  const schedule = useAdminData(fetchSchedule);
  const [text, setText] = useState('');
  const [pages, setPages] = useState<readonly string[]>([]);
  const [when, setWhen] = useState<Schedule>(NO_SCHEDULE);
  /** The scheduled message being changed, or null for a new one. */
  const [editing, setEditing] = useState<DeskAssistantMessage | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [posting, setPosting] = useState(false);
  const [posted, setPosted] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Each submit that finds a faulty field puts focus on it (a new problem object every time).
  useEffect(() => {
    const form = formRef.current;
    if (!form || !problem?.field) return;
    const target =
      problem.field === 'text'
        ? form.querySelector<HTMLElement>('textarea')
        : problem.field === 'pages'
          ? form.querySelector<HTMLElement>('.page-picker input[type="checkbox"]')
          : form.querySelector<HTMLElement>(`[data-schedule="${problem.field}"] input`);
    target?.focus();
  }, [problem]);

  function editText(value: string) {
    setText(value);
    setPosted(null);
    setProblem((p) => (p?.field === 'text' ? null : p));
  }

  function editSchedule(next: Partial<Schedule>) {
    setWhen((shown) => ({ ...shown, ...next }));
    setPosted(null);
    setProblem((p) => (p?.field === 'startsAt' || p?.field === 'endsAt' ? null : p));
  }

  function startEditing(message: DeskAssistantMessage) {
    const start = localParts(message.startsAt);
    const end = message.endsAt ? localParts(message.endsAt) : null;
    setEditing(message);
    setText(message.text);
    setPages(message.pages);
    setWhen({
      later: true,
      startDay: formatDay(start.day),
      startTime: start.time,
      endDay: end ? formatDay(end.day) : '',
      endTime: end?.time ?? '',
    });
    setProblem(null);
    setPosted(null);
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector('textarea')?.focus();
  }

  function stopEditing() {
    setEditing(null);
    setText('');
    setPages([]);
    setWhen(NO_SCHEDULE);
    setProblem(null);
  }

  function editPages(next: readonly string[]) {
    setPages(next);
    setPosted(null);
    setProblem((p) => (p?.field === 'pages' ? null : p));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (posting) return;
    setPosted(null);
    const found = checkMessage(text, pages);
    if (found) {
      setProblem(found);
      return;
    }
    const times = scheduleTimes(editing ? { ...when, later: true } : when);
    if ('message' in times) {
      setProblem(times);
      return;
    }
    setProblem(null);
    setPosting(true);
    try {
      const payload = { text, pages: [...pages], ...times };
      if (editing) {
        await updateScheduledMessage(editing.id, payload);
        setPosted('Saved. It shows from its new start.');
        stopEditing();
      } else {
        const message = await postAssistantMessage(payload);
        if (times.startsAt) {
          setPosted(`Scheduled. It shows from ${formatDateTime(times.startsAt)}.`);
        } else {
          current.setData(message);
          setPosted('Posted. Visitors on the chosen pages see it now.');
        }
        setText('');
        setWhen(NO_SCHEDULE);
      }
      schedule.reload();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPosting(false);
    }
  }

  const errorFor = (field: ComposerField) => (problem?.field === field ? problem.message : null);

  return (
    <div className="composer">
      <form
        ref={formRef}
        className="form composer__form"
        noValidate
        aria-label="New assistant message"
        onSubmit={(event) => void submit(event)}
      >
        <TextAreaField
          label="Message"
          name="text"
          value={text}
          onValueChange={editText}
          error={errorFor('text')}
          max={ASSISTANT_TEXT_MAX}
          rows={4}
          hint="Plain text, typed out in the assistant's bubble."
        />
        <PagePicker
          keys={PAGE_KEYS}
          selected={pages}
          onChange={editPages}
          error={errorFor('pages')}
        />
        <ScheduleFields
          schedule={editing ? { ...when, later: true } : when}
          onChange={editSchedule}
          fixedLater={editing !== null}
          startError={errorFor('startsAt')}
          endError={errorFor('endsAt')}
        />
        {problem && !problem.field && <FormMessage tone="error">{problem.message}</FormMessage>}
        {posted && <FormMessage tone="success">{posted}</FormMessage>}
        <div className="desk-actions">
          {editing && (
            <Button variant="ghost" onClick={stopEditing}>
              Stop changing
            </Button>
          )}
          <Button type="submit" variant="primary" loading={posting}>
            {editing ? 'Save changes' : when.later ? 'Schedule message' : 'Post message'}
          </Button>
        </div>
      </form>
      <CurrentMessage
        loading={current.loading}
        error={current.error}
        message={current.data}
        onRetry={current.reload}
        onCleared={() => current.setData(null)}
      />
      <ScheduledMessages
        schedule={schedule}
        onEdit={startEditing}
        onCancelled={(id) => {
          if (editing?.id === id) stopEditing();
          schedule.reload();
        }}
      />
    </div>
  );
}

interface CurrentMessageProps {
  loading: boolean;
  error: string | null;
  /** undefined until the first answer; null when no message is live. */
  message: AssistantMessage | null | undefined;
  onRetry: () => void;
  onCleared: () => void;
}

function CurrentMessage({ loading, error, message, onRetry, onCleared }: CurrentMessageProps) {
  const [clearing, setClearing] = useState(false);
  const [clearError, setClearError] = useState<string | null>(null);

  async function clear() {
    if (clearing) return;
    setClearing(true);
    setClearError(null);
    try {
      await clearCurrentMessage();
      onCleared();
    } catch (failure) {
      setClearError(messageOf(failure));
    } finally {
      setClearing(false);
    }
  }

  let body;
  if (message === undefined) {
    body = error ? (
      <DeskLoadFailed message={error} onRetry={onRetry} />
    ) : (
      <DeskLoading label="Loading the current message…" size="sm" />
    );
  } else if (message === null) {
    body = (
      <p className="desk-empty">
        No message is live. Visitors see nothing from the assistant until you post one.
      </p>
    );
  } else {
    body = (
      <>
        <p className="current-message__meta">
          Posted <time dateTime={message.createdAtUTC}>{formatDateTime(message.createdAtUTC)}</time>
        </p>
        <p className="current-message__text">{message.text}</p>
        <div className="current-message__pages">
          <p className="current-message__pages-title">Shown on</p>
          <ul className="page-chips">
            {message.pages.map((key) => (
              <li key={key} className="page-chip">
                {pageTitle(key) ?? key} <code className="page-key">{key}</code>
              </li>
            ))}
          </ul>
        </div>
        {clearError && <FormMessage tone="error">{clearError}</FormMessage>}
        <div className="desk-actions desk-actions--start">
          <Button loading={clearing} onClick={() => void clear()}>
            Clear message
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="current-message" aria-busy={loading && message === undefined}>
      <h3 className="current-message__title">Current message</h3>
      {body}
    </div>
  );
}
