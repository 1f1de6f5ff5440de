/** A labelled select for the desk's filter forms: options as [value, text] pairs. */
import './desk.css';

interface DeskSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}

export function DeskSelect({ label, value, onChange, options }: DeskSelectProps) {
  return (
    <label className="desk-select">
      <span className="field__label">{label}</span>
      <select
        className="text-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
