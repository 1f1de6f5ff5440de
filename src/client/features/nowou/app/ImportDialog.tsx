/**
 * Import, step two: what the chosen file would add and change, by name, before anything is
 * written (and which timeline it would open first). Import writes it as one undo step, with the
 * items' own modification times.
 */
import { Button } from '../../../ui/Button';
import { Popup } from '../../../ui/Popup';
import { applyImport, type ReadyImport } from '../model/export-import';
import type { Item } from '#shared/nowou-records';
import { useNowou } from '../nowou-context';
import { itemName, summarise } from './import-summary';

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
  const current = (item: Item) => store.get(item.kind, item.id, { includeDeleted: true });
  const firstTimeline = plan.defaultTimeline
    ? [...plan.add, ...plan.change].find(
        (item) => item.kind === 'timeline' && item.id === plan.defaultTimeline,
      )
    : undefined;

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
          <li>
            Adds {count(plan.add.length, 'item', 'items')}
            <Names items={plan.add} current={current} label="Added" />
          </li>
          <li>
            Changes {count(plan.change.length, 'item', 'items')} with newer copies
            <Names items={plan.change} current={current} label="Changed" />
          </li>
          <li>
            Leaves {count(plan.unchanged, 'item', 'items')} as they are (this browser’s copy is as
            new or newer)
          </li>
          {firstTimeline && <li>Opens {itemName(firstTimeline)} first on the timeline</li>}
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

/** The items by kind, a few names each: "To-dos: Book dentist, Renew passport and 3 more". */
function Names({
  items,
  current,
  label,
}: {
  items: readonly Item[];
  current: (item: Item) => Item | undefined;
  label: string;
}) {
  const groups = summarise(items, current);
  if (groups.length === 0) return null;
  return (
    <ul className="nowou-import__names" aria-label={label}>
      {groups.map((group) => (
        <li key={group.kind}>
          <span className="nowou-import__kind">{group.label}:</span> {group.names.join(', ')}
          {group.more > 0 && ` and ${group.more} more`}
        </li>
      ))}
    </ul>
  );
}
