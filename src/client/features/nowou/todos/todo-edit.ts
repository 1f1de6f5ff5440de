/**
 * The edit form's draft of a to-do and the checked to-do it saves (pure). The form's numbers stay
 * text while typed; the model's schema decides what is saved.
 */
import { todoSchema, type Recurrence, type Todo } from '#shared/nowou-records';

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

export interface TodoDraft {
  title: string;
  notes: string;
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
    subtasks: todo.subtasks.map((subtask) => ({ ...subtask })),
    repeat: rule ? rule.kind : 'none',
    weekDays: rule?.kind === 'weekly' ? [...rule.days] : [date.getUTCDay()],
    monthDay: String(rule?.kind === 'monthly' ? rule.day : date.getUTCDate()),
    everyN: String(rule?.kind === 'everyNDays' ? rule.n : 2),
  };
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

/** The to-do as the draft changes it, checked by the model's schema, or the first problem. */
export function todoFromDraft(todo: Todo, draft: TodoDraft): DraftResult {
  const title = draft.title.trim();
  if (title === '') return { ok: false, field: 'title', message: 'Give the to-do a title.' };
  if (title.length > 500) {
    return { ok: false, field: 'title', message: 'The title is at most 500 characters.' };
  }
  if (draft.notes.length > 10_000) {
    return { ok: false, field: 'notes', message: 'Notes are at most 10,000 characters.' };
  }
  const rule = ruleOf(draft);
  if (typeof rule === 'string') return { ok: false, field: 'repeat', message: rule };
  const next = {
    ...todo,
    title,
    notes: draft.notes,
    subtasks: draft.subtasks.map((subtask) => ({ ...subtask, title: subtask.title.trim() })),
    recurrence: rule,
  };
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
