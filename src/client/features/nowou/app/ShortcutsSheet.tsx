/** The help sheet: every keyboard shortcut Nowou has, from the one table in shortcuts.ts. */
import { Popup } from '../../../ui/Popup';
import { modifierName } from './commands';
import { shortcuts } from './shortcuts';

export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  return (
    <Popup title="Keyboard shortcuts" onClose={onClose}>
      <dl className="nowou-shortcuts">
        {shortcuts(modifierName()).map((shortcut) => (
          <div key={shortcut.keys} className="nowou-shortcuts__row">
            <dt>
              <kbd>{shortcut.keys}</kbd>
            </dt>
            <dd>{shortcut.what}</dd>
          </div>
        ))}
      </dl>
      <p className="nowou-shortcuts__note">
        Every control is reachable with Tab; letters do nothing while you type in a field.
      </p>
    </Popup>
  );
}
