/**
 * The pieces the timeline's block forms share: a labelled field, the day, start and minutes
 * fields with their checks, the to-do-or-note choice and the submit and cancel buttons.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { atMinutes, parseHhmm } from '../logic/local-time';
import { DayInput, TimeInput } from '../kit/TypedDayTime';

export const START_PROBLEM = 'Pick a day and a start time.';
export const MINUTES_PROBLEM = 'A duration of 15 to 1440 minutes.';

/** The moment a typed day ('YYYY-MM-DD') and start ('HH:MM') stand for, or null. */
export function readStart(day: string, time: string): number | null {
  const start = parseHhmm(time);
  if (start === null || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  return atMinutes(day, start);
}

/** A typed length in minutes, 15 to 1440, or null. */
export function readMinutes(minutes: string): number | null {
  const length = Number(minutes);
  return Number.isInteger(length) && length >= 15 && length <= 1440 ? length : null;
}

export type SpanReading =
  { start: number; end: number } | { field: 'start' | 'minutes'; problem: string };

/** The span a typed day, start and length stand for, or which field is wrong and why. */
export function readSpan(day: string, time: string, minutes: string): SpanReading {
  const start = readStart(day, time);
  if (start === null) return { field: 'start', problem: START_PROBLEM };
  const length = readMinutes(minutes);
  if (length === null) return { field: 'minutes', problem: MINUTES_PROBLEM };
  return { start, end: start + length * 60_000 };
}

interface FieldProps {
  /** The input's id, which the label points at. */
  htmlFor: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}

export function FormField({ htmlFor, label, className, children }: FieldProps) {
  return (
    <div className={className ? `tl-form__field ${className}` : 'tl-form__field'}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}

type MinutesInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> & {
  value: string;
  onValueChange: (value: string) => void;
};

export function MinutesInput({ value, onValueChange, ...rest }: MinutesInputProps) {
  return (
    <input
      {...rest}
      className="tl-input"
      type="number"
      min={15}
      max={1440}
      step={15}
      required
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

type FieldAria = Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'>;

interface SpanFieldsProps {
  /** The form's useId; the fields are `${id}-day`, `${id}-start` and `${id}-minutes`. */
  id: string;
  day: string;
  time: string;
  minutes: string;
  onDay: (day: string) => void;
  onTime: (time: string) => void;
  onMinutes: (minutes: string) => void;
  /** Marks a field wrong and points it at the problem, where the form says which. */
  aria?: (field: 'start' | 'minutes') => FieldAria;
}

/** Day, Start and Minutes: where and how long a block goes. */
export function SpanFields(props: SpanFieldsProps) {
  const { id, aria = () => ({}) } = props;
  return (
    <>
      <FormField htmlFor={`${id}-day`} label="Day">
        <DayInput
          id={`${id}-day`}
          className="tl-input"
          required
          value={props.day}
          {...aria('start')}
          onValueChange={props.onDay}
        />
      </FormField>
      <FormField htmlFor={`${id}-start`} label="Start">
        <TimeInput
          id={`${id}-start`}
          className="tl-input"
          required
          value={props.time}
          {...aria('start')}
          onValueChange={props.onTime}
        />
      </FormField>
      <FormField htmlFor={`${id}-minutes`} label="Minutes">
        <MinutesInput
          id={`${id}-minutes`}
          value={props.minutes}
          {...aria('minutes')}
          onValueChange={props.onMinutes}
        />
      </FormField>
    </>
  );
}

export type BlockKind = 'todo' | 'textBox';

interface KindChoiceProps {
  id: string;
  kind: BlockKind;
  onChange: (kind: BlockKind) => void;
}

/** To-do or Note, for a new block. */
export function KindChoice({ id, kind, onChange }: KindChoiceProps) {
  return (
    <fieldset className="tl-form__kinds">
      <legend className="visually-hidden">Kind</legend>
      {(['todo', 'textBox'] as const).map((value) => (
        <label key={value} className="tl-radio">
          <input
            type="radio"
            name={`${id}-kind`}
            value={value}
            checked={kind === value}
            onChange={() => onChange(value)}
          />
          {value === 'todo' ? 'To-do' : 'Note'}
        </label>
      ))}
    </fieldset>
  );
}

interface FormActionsProps {
  submit: string;
  cancel?: string;
  onCancel: () => void;
}

export function FormActions({ submit, cancel = 'Cancel', onCancel }: FormActionsProps) {
  return (
    <div className="tl-form__actions">
      <Button type="submit" variant="primary">
        {submit}
      </Button>
      <Button onClick={onCancel}>{cancel}</Button>
    </div>
  );
}
