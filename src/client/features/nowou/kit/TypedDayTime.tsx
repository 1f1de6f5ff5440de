/**
 * Nowou's day and time fields, typed as the site writes them (docs/product/shell.md#dates-and-times):
 * a day as "27 Nov 2026" (or 2026-11-27), a time as "14:30" (or "2pm", as quick add reads it).
 * A browser's own date and time inputs would show its locale's "mm/dd/yyyy" and "02:30 PM". The
 * value handed up is 'YYYY-MM-DD' or 'HH:MM', or '' while the text is not one, so a form's own
 * check ("Pick a day and a start time.") refuses it; on leaving the field it is written out again.
 */
import { useState, type InputHTMLAttributes } from 'react';
import { formatDay, parseDay } from '../../../lib/date-format';
import { isDay } from '../logic/calendar-day';
import { parseTime } from '../logic/quick-add';

type TypedFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'defaultValue'
> & {
  /** 'YYYY-MM-DD' (a day) or 'HH:MM' (a time); '' for none. */
  value: string;
  onValueChange: (value: string) => void;
};

interface Reading {
  /** The value a text stands for, or null when it stands for none. */
  parse: (text: string) => string | null;
  /** The text shown for a value. */
  show: (value: string) => string;
  placeholder: string;
}

function TypedField({
  reading,
  value,
  onValueChange,
  onBlur,
  ...rest
}: TypedFieldProps & { reading: Reading }) {
  const [text, setText] = useState(() => reading.show(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (a block moved, the editor reset) replaces what was typed.
  if (value !== seen) {
    setSeen(value);
    if ((reading.parse(text) ?? '') !== value) setText(reading.show(value));
  }
  const invalid = text.trim() !== '' && reading.parse(text) === null;
  return (
    <input
      placeholder={reading.placeholder}
      {...rest}
      aria-invalid={rest['aria-invalid'] ?? (invalid || undefined)}
      type="text"
      autoComplete="off"
      spellCheck={false}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        const parsed = reading.parse(next) ?? '';
        setText(next);
        setSeen(parsed);
        onValueChange(parsed);
      }}
      onBlur={(event) => {
        const parsed = reading.parse(text);
        if (parsed) setText(reading.show(parsed));
        onBlur?.(event);
      }}
    />
  );
}

const DAY: Reading = {
  parse: parseDay,
  show: (value) => (isDay(value) ? formatDay(value) : value),
  placeholder: '27 Nov 2026',
};

const TIME: Reading = {
  parse: parseTime,
  show: (value) => value,
  placeholder: '14:30',
};

/** A day typed as "27 Nov 2026" or 2026-11-27; the value is 'YYYY-MM-DD', or ''. */
export function DayInput(props: TypedFieldProps) {
  return <TypedField reading={DAY} {...props} />;
}

/** A time typed as "14:30" or "2pm"; the value is 'HH:MM' (24-hour), or ''. */
export function TimeInput(props: TypedFieldProps) {
  return <TypedField reading={TIME} {...props} />;
}
