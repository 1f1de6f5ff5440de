/**
 * A labelled form control with its hint and its one error (docs/product/forms.md#form-behaviour: only the
 * first error is shown, under its field, with a red border). The control gets aria-invalid and
 * aria-describedby pointing at the message, so a screen reader reads the error when focus lands on
 * the field.
 */
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { AlertIcon } from '../icons';
import './form.css';
import { formatCount, type PageLang } from '../../lib/plural';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** The message to show, or nothing. */
  error?: string | null;
  hint?: ReactNode;
  /** Text after the label, e.g. "optional". */
  labelNote?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** The label, the control (given its ids by the render function), the hint and the error. */
export function Field({ label, error, hint, labelNote, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div
      className={['field', className].filter(Boolean).join(' ')}
      data-invalid={error ? true : undefined}
    >
      <label className="field__label" htmlFor={id}>
        {label}
        {labelNote && <span className="field__note"> {labelNote}</span>}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The danger-coloured line under a control. */
export function FieldErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field__error">
      <AlertIcon size={16} className="field__error-icon" />
      <span>{children}</span>
    </p>
  );
}

export type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id'
> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  labelNote?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  labelNote,
  className,
  type = 'text',
  ref,
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} labelNote={labelNote} className={className}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={ref}
          type={type}
          className="text-input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

type TextAreaFieldProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value' | 'id' | 'maxLength'
> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  /** Shows "n / max" under the area; the limit itself is checked by the form's schema. */
  max?: number;
};

/** The counter's numbers follow the words' language: "30,000" in English, "30 000" in Swedish. */
function counterLang(lang: string | undefined): PageLang {
  return lang === 'sv' ? 'sv' : 'en';
}

export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  hint,
  max,
  lang,
  className,
  rows = 5,
  ...area
}: TextAreaFieldProps) {
  const counter =
    max === undefined ? null : (
      <span className="field__counter" data-over={value.length > max || undefined}>
        {formatCount(value.length, counterLang(lang))} / {formatCount(max, counterLang(lang))}
      </span>
    );
  return (
    <Field
      label={label}
      error={error}
      hint={
        hint || counter ? (
          <>
            {hint}
            {counter}
          </>
        ) : undefined
      }
      className={className}
    >
      {(control) => (
        <textarea
          {...area}
          {...control}
          lang={lang}
          rows={rows}
          className="text-input text-input--area"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
