/** An on/off setting that applies at once (e.g. the newsletter): a checkbox with the switch role. */
import { useId, type ReactNode } from 'react';
import './form.css';

interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: ReactNode;
  busy?: boolean;
}

export function Switch({ label, checked, onCheckedChange, description, busy }: SwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="switch-field">
      <div className="switch-field__text">
        <label className="switch-field__label" htmlFor={id}>
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="field__hint">
            {description}
          </p>
        )}
      </div>
      <span className="switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="switch__input"
          checked={checked}
          aria-checked={checked}
          aria-busy={busy || undefined}
          aria-describedby={description ? descriptionId : undefined}
          onChange={(event) => {
            if (!busy) onCheckedChange(event.target.checked);
          }}
        />
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
      </span>
    </div>
  );
}
