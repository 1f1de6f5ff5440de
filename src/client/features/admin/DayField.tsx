/**
 * A date field of the desk's filters that shows and takes days the way the site writes them
 * ("26 Nov 2026", lib/date-format), where a browser's own date input would show its locale's
 * "mm/dd/yyyy". It shows no example inside (grey dates read as values); a wrong day says how to
 * write one, with today's. The value is the day as 'YYYY-MM-DD', '' when the field is empty, or null while
 * the text is not a day (the form then refuses to apply it and says why).
 */
import { useState } from 'react';
import { formatDate, formatDay, parseDay } from '../../lib/date-format';
import { TextField } from '../../ui/form/Field';

/**
 * What a field that is not a day says, with today as the example ("Write a date like 29 Nov
 * 2026."): a fixed example would soon lie in the past and read like a value.
 */
export function dayFieldProblem(now: Date = new Date()): string {
  return `Write a date like ${formatDate(now.toISOString())}.`;
}

/** The text's day, '' for an empty field, or null when the text is not a day. */
export function dayOfText(text: string): string | null {
  return text.trim() === '' ? '' : parseDay(text);
}

interface DayFieldProps {
  label: string;
  day: string | null;
  onDayChange: (day: string | null) => void;
  /** Shown under the field when set (the form's check on apply). */
  error?: string | null;
  name?: string;
  hint?: string;
}

export function DayField({ label, day, onDayChange, error, name, hint }: DayFieldProps) {
  const [text, setText] = useState(() => (day ? formatDay(day) : ''));
  const [touched, setTouched] = useState(false);

  const [seenDay, setSeenDay] = useState(day);
  // A day set from outside (Clear filters, the address bar) replaces what was typed.
  if (day !== seenDay) {
    setSeenDay(day);
    if (day !== null && dayOfText(text) !== day) setText(day ? formatDay(day) : '');
  }

  const invalid = touched && dayOfText(text) === null;
  return (
    <TextField
      label={label}
      name={name}
      hint={hint}
      value={text}
      onValueChange={(next) => {
        setText(next);
        onDayChange(dayOfText(next));
      }}
      onBlur={() => {
        setTouched(true);
        const parsed = dayOfText(text);
        if (parsed) setText(formatDay(parsed));
      }}
      autoComplete="off"
      spellCheck={false}
      error={error ?? (invalid ? dayFieldProblem() : null)}
    />
  );
}
