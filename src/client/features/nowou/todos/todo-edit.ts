/**
 * The edit form's draft of a to-do and the checked to-do it saves (pure). The form's numbers,
 * time, duration and tags stay text while typed and are read as quick add reads them; the model's
 * schema decides what is saved. A change of day, time or duration keeps the to-do's block on the
 * timeline in step (see todo-move.ts).
 */
import { dayOf, isDay } from '../logic/calendar-day';
import { MAX_TAGS, parseDuration, parseTags, parseTime } from '../logic/quick-add';
import { atMinutes, parseHhmm, toLocalIso } from '../logic/local-time';
import { todoSchema, type Recurrence, type Todo } from '#shared/nowou-records';
import { dayOfList, withList } from './todo-move';

export const REPEAT_KINDS = [
  'none',
  'daily',
  'weekdays',
  'weekly',
  'monthly',
  'everyNDays',
] as const;
export type RepeatKind = (typeof REPEAT_KINDS)[number];

export const REPEAT_LABELS: Record<RepeatKind, string> = {
  none: 'Does not repeat',
  daily: 'Every day',
  weekdays: 'Every weekday',
  weekly: 'Every week on…',
  monthly: 'Every month on day…',
  everyNDays: 'Every N days',
};

/** Where the to-do is: the Inbox, a day (then `day`), Someday or a custom list (`list:<id>`). */
export type DraftPlace = 'inbox' | 'day' | 'someday' | `list:${string}`;

export interface TodoDraft {
  title: string;
  notes: string;
  place: DraftPlace;
  /** YYYY-MM-DD, for a to-do on a day. */
  day: string;
  /** As typed: `14:30`, `2pm` or empty. */
  time: string;
  /** As typed: `30m`, `1h30m`, `45` (minutes) or empty. */
  duration: string;
  /** 0 (none) to 3, as the select gives it. */
  priority: string;
  /** As typed: `#work home`. */
  tags: string;
  subtasks: Todo['subtasks'];
  repeat: RepeatKind;
  /** 0 = Sunday .. 6 = Saturday. */
  weekDays: number[];
  monthDay: string;
  everyN: string;
}

export function draftOf(todo: Todo, today: string): TodoDraft {
  const rule = todo.recurrence;
  const day = todo.list.startsWith('day:') ? todo.list.slice(4) : today;
  const date = new Date(`${day}T00:00:00Z`);
  return {
    title: todo.title,
    notes: todo.notes,
    place: todo.list.startsWith('day:') ? 'day' : (todo.list as DraftPlace),
    day,
    time: todo.time ?? '',
    duration: todo.duration === null ? '' : durationWords(todo.duration),
    priority: String(todo.priority),
    tags: todo.tags.map((tag) => `#${tag}`).join(' '),
    subtasks: todo.subtasks.map((subtask) => ({ ...subtask })),
    repeat: rule ? rule.kind : 'none',
    weekDays: rule?.kind === 'weekly' ? [...rule.days] : [date.getUTCDay()],
    monthDay: String(rule?.kind === 'monthly' ? rule.day : date.getUTCDate()),
    everyN: String(rule?.kind === 'everyNDays' ? rule.n : 2),
  };
}

/** `45m`, `2h`, `1h30m`: a duration as quick add writes it. */
export function durationWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h${rest}m`;
}

function whole(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

function ruleOf(draft: TodoDraft): Recurrence | null | string {
  switch (draft.repeat) {
    case 'none':
      return null;
    case 'daily':
    case 'weekdays':
      return { kind: draft.repeat };
    case 'weekly':
      if (draft.weekDays.length === 0) return 'Pick at least one day of the week.';
      return { kind: 'weekly', days: [...draft.weekDays].sort((a, b) => a - b) };
    case 'monthly': {
      const day = whole(draft.monthDay);
      if (!(day >= 1 && day <= 31)) return 'The day of the month is a number from 1 to 31.';
      return { kind: 'monthly', day };
    }
    case 'everyNDays': {
      const n = whole(draft.everyN);
      if (!(n >= 1 && n <= 365)) return 'The number of days is a number from 1 to 365.';
      return { kind: 'everyNDays', n };
    }
  }
}

export type DraftResult = { ok: true; todo: Todo } | { ok: false; field: string; message: string };

type Fields = Pick<Todo, 'list' | 'time' | 'duration' | 'priority' | 'tags'>;

/** The draft's list, time, duration, priority and tags, or the first problem with them. */
function fieldsOf(draft: TodoDraft): Fields | { field: string; message: string } {
  let list: Todo['list'];
  if (draft.place === 'day') {
    if (!isDay(draft.day)) return { field: 'day', message: 'Pick a day.' };
    list = `day:${draft.day}`;
  } else {
    list = draft.place;
  }
  const time = draft.time.trim() === '' ? null : parseTime(draft.time);
  if (time === null && draft.time.trim() !== '') {
    return { field: 'time', message: 'Write the time as 14:30 or 2pm, or leave it empty.' };
  }
  const duration = draft.duration.trim() === '' ? null : parseDuration(draft.duration);
  if (duration === null && draft.duration.trim() !== '') {
    return {
      field: 'duration',
      message: 'Write the duration as 30m, 1h or 1h30m (1 minute to 24 hours), or leave it empty.',
    };
  }
  const priority = Number(draft.priority);
  if (![0, 1, 2, 3].includes(priority)) {
    return { field: 'priority', message: 'Pick a priority.' };
  }
  const tags = parseTags(draft.tags);
  if (!tags.ok) {
    return {
      field: 'tags',
      message: `${tags.word} is not a tag: use letters, digits, - and _ with at least one letter, up to 40 characters, and at most ${MAX_TAGS} tags.`,
    };
  }
  return { list, time, duration, priority, tags: tags.tags };
}

/**
 * The to-do's block after an edit: it follows a new day (withList); a cleared time takes it off
 * the timeline; a new time or duration moves its start or end on its own day. A to-do with no
 * block that is given a time on a day goes onto `timelineId` (the default timeline), as quick add
 * puts it there, for its duration or 30 minutes.
 */
function scheduled(before: Todo, after: Todo, timelineId: string | null): Todo {
  const timeChanged = after.time !== before.time;
  const durationChanged = after.duration !== before.duration;
  if (after.time === null) return after.schedule ? { ...after, schedule: null } : after;
  if (!timeChanged && !durationChanged) return after;
  const minutes = parseHhmm(after.time)!;
  if (after.schedule) {
    const start = Date.parse(after.schedule.start);
    const day = dayOfList(after.list) ?? dayOf(new Date(start));
    const from = atMinutes(day, minutes);
    const length =
      after.duration !== null
        ? after.duration * 60_000
        : durationChanged
          ? 30 * 60_000
          : Date.parse(after.schedule.end) - start;
    const range = { ...after.schedule, start: toLocalIso(from), end: toLocalIso(from + length) };
    return { ...after, schedule: range };
  }
  const day = dayOfList(after.list);
  if (!timeChanged || day === null || timelineId === null) return after;
  const from = atMinutes(day, minutes);
  const end = from + (after.duration ?? 30) * 60_000;
  return { ...after, schedule: { timelineId, start: toLocalIso(from), end: toLocalIso(end) } };
}

/**
 * The to-do as the draft changes it, checked by the model's schema, or the first problem. Its
 * order is kept: the caller places a to-do whose list changed (see placeTodo).
 */
export function todoFromDraft(
  todo: Todo,
  draft: TodoDraft,
  timelineId: string | null = null,
): DraftResult {
  const title = draft.title.trim();
  if (title === '') return { ok: false, field: 'title', message: 'Give the to-do a title.' };
  if (title.length > 500) {
    return { ok: false, field: 'title', message: 'The title is at most 500 characters.' };
  }
  if (draft.notes.length > 10_000) {
    return { ok: false, field: 'notes', message: 'Notes are at most 10,000 characters.' };
  }
  const fields = fieldsOf(draft);
  if ('message' in fields) return { ok: false, ...fields };
  const rule = ruleOf(draft);
  if (typeof rule === 'string') return { ok: false, field: 'repeat', message: rule };
  const moved = withList(todo, fields.list);
  const next = scheduled(
    todo,
    {
      ...moved,
      title,
      notes: draft.notes,
      time: fields.time,
      duration: fields.duration,
      priority: fields.priority,
      tags: fields.tags,
      subtasks: draft.subtasks.map((subtask) => ({ ...subtask, title: subtask.title.trim() })),
      recurrence: rule,
    },
    timelineId,
  );
  // An unchanged time keeps what the block's move made of it (withList).
  if (fields.time === todo.time && moved.time !== todo.time && next.schedule)
    next.time = moved.time;
  if (rule && !next.seriesId) next.seriesId = todo.id;
  const parsed = todoSchema.safeParse(next);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'title');
    return {
      ok: false,
      field,
      message: `Could not save: ${field} ${issue?.message ?? 'invalid'}.`,
    };
  }
  return { ok: true, todo: parsed.data };
}
