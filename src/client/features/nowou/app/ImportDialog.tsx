/**
 * Import, step two: what the chosen file would add and change, before anything is written. Import
 * writes it as one undo step, with the items' own modification times.
 */
import { Button } from '../../../ui/Button';
import { Popup } from '../../../ui/Popup';
import { applyImport, type ReadyImport } from '../model/export-import';
import { useNowou } from '../nowou-context';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function ImportDialog({
  fileName,
  plan,
  onClose,
}: {
  fileName: string;
  plan: ReadyImport;
  onClose: () => void;
}) {
  const { store, history, announce } = useNowou();
  const nothing = plan.add.length === 0 && plan.change.length === 0;

  function apply() {
    const written = applyImport(store, history, plan, `Imported ${fileName}`);
    announce(
      written === null
        ? `Nothing was imported from ${fileName}: an item could not be saved.`
        : `Imported ${count(written, 'item', 'items')} from ${fileName}.`,
    );
    onClose();
  }

  return (
    <Popup title="Import" onClose={onClose}>
      <div className="nowou-import">
        <p>
          <strong>{fileName}</strong>
        </p>
        <ul className="nowou-import__summary">
          <li>Adds {count(plan.add.length, 'item', 'items')}</li>
          <li>Changes {count(plan.change.length, 'item', 'items')} with newer copies</li>
          <li>
            Leaves {count(plan.unchanged, 'item', 'items')} as they are (this browser’s copy is as
            new or newer)
          </li>
        </ul>
        <div className="nowou-import__actions">
          <Button variant="primary" onClick={apply} disabled={nothing}>
            Import
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      </div>
    </Popup>
  );
}
