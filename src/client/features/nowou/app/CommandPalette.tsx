/**
 * The command palette: a search field over the commands (combobox and listbox), arrows to choose,
 * Enter to run, Escape to close. Runs the command after the dialog has closed, so focus lands
 * where the command puts it.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { Popup } from '../../../ui/Popup';
import { matchCommands, type Command } from './commands';

export function CommandPalette({
  commands,
  onClose,
}: {
  commands: readonly Command[];
  onClose: (then?: () => void) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = matchCommands(commands, query);
  const current = Math.min(active, Math.max(shown.length - 1, 0));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + shown.length) % Math.max(shown.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const command = shown[current];
      if (command) onClose(command.run);
    }
  }

  return (
    <Popup title="Commands" onClose={() => onClose()}>
      <div className="nowou-palette">
        <label htmlFor={`${id}-query`} className="visually-hidden">
          Search commands
        </label>
        <input
          id={`${id}-query`}
          className="nowou-palette__input"
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-activedescendant={shown[current] ? `${id}-${shown[current].id}` : undefined}
          autoComplete="off"
          placeholder="Type a command"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id={`${id}-list`} role="listbox" aria-label="Commands" className="nowou-palette__list">
          {shown.map((command, index) => (
            // The keys are the search field's (aria-activedescendant); a click is the pointer's way.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={command.id}
              id={`${id}-${command.id}`}
              role="option"
              aria-selected={index === current}
              className="nowou-palette__option"
              onPointerMove={() => setActive(index)}
              onClick={() => onClose(command.run)}
            >
              <span>{command.label}</span>
              {command.keys && (
                <kbd className="nowou-palette__keys keyboard-hint">{command.keys}</kbd>
              )}
            </li>
          ))}
        </ul>
        {shown.length === 0 && <p className="nowou-palette__empty">No command matches.</p>}
      </div>
    </Popup>
  );
}
