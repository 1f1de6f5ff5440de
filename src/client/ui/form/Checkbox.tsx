/**
 * A checkbox with its label beside it (the label may hold a link) and, when required and not ticked,
 * its error underneath (agreements, docs/product/api.md#form-field-messages).
 */
import { useId, type ReactNode } from 'react';
import { FieldErrorMessage } from './Field';
import './form.css';

interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | null;
  name?: string;
  required?: boolean;
}

export function Checkbox({
  label,
  checked,
  onCheckedChange,
  error,
  name,
  required,
}: CheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="checkbox-field" data-invalid={error ? true : undefined}>
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          className="checkbox__input"
          name={name}
          checked={checked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
      </div>
      {error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
    </div>
  );
}
