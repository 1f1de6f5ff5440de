/**
 * The pages a message targets: every page key as a checkbox (its human title beside the key, since
 * docs/product/pages.md#page-keys and the traffic table speak in keys), with Select all and Select none.
 * One error for the whole group, under it, read out when focus enters the group.
 */
import { useId } from 'react';
import { Checkbox } from '../../../ui/form/Checkbox';
import { FieldErrorMessage } from '../../../ui/form/Field';
import { pageTitle } from '../admin-format';

interface PagePickerProps {
  keys: readonly string[];
  selected: readonly string[];
  onChange: (selected: readonly string[]) => void;
  error: string | null;
}

export function PagePicker({ keys, selected, onChange, error }: PagePickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const chosen = new Set(selected);

  function toggle(key: string, on: boolean) {
    // Kept in the list's order, so the posted pages read like the picker.
    onChange(keys.filter((k) => (k === key ? on : chosen.has(k))));
  }

  return (
    <fieldset
      className="page-picker"
      data-invalid={error ? true : undefined}
      aria-describedby={[error ? errorId : null, countId].filter(Boolean).join(' ')}
    >
      <legend className="page-picker__legend">Pages</legend>
      <div className="page-picker__bar">
        <p id={countId} className="page-picker__count">
          {chosen.size} of {keys.length} selected
        </p>
        <div className="page-picker__bulk">
          <button type="button" className="desk-link-button" onClick={() => onChange([...keys])}>
            Select all
          </button>
          <button type="button" className="desk-link-button" onClick={() => onChange([])}>
            Select none
          </button>
        </div>
      </div>
      <div className="page-picker__options">
        {keys.map((key) => (
          <Checkbox
            key={key}
            name="pages"
            checked={chosen.has(key)}
            onCheckedChange={(on) => toggle(key, on)}
            label={
              <>
                <span className="page-picker__title">{pageTitle(key) ?? key}</span>{' '}
                <code className="page-key">{key}</code>
              </>
            }
          />
        ))}
      </div>
      {error && <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage>}
    </fieldset>
  );
}
