/** A readable difference (content-diff.ts): removed lines struck, added ones marked, the rest folded. */
import type { DiffRow } from './content-diff';
import { hasChanges } from './content-diff';
import { plural } from '../admin-format';

export function DiffView({ rows, label }: { rows: readonly DiffRow[]; label: string }) {
  if (!hasChanges(rows)) return <p className="desk-empty">No change in the words.</p>;
  return (
    <ol className="content-diff" aria-label={label}>
      {rows.map((row, index) =>
        row.kind === 'gap' ? (
          <li key={index} className="content-diff__gap">
            {plural(row.count, 'unchanged line', 'unchanged lines')}
          </li>
        ) : (
          <li key={index} className="content-diff__row" data-kind={row.kind}>
            <span className="content-diff__sign" aria-hidden="true">
              {row.kind === 'added' ? '+' : row.kind === 'removed' ? '−' : ' '}
            </span>
            {row.kind === 'added' ? (
              <ins className="content-diff__text">
                <span className="visually-hidden">Added: </span>
                {row.text || ' '}
              </ins>
            ) : row.kind === 'removed' ? (
              <del className="content-diff__text">
                <span className="visually-hidden">Removed: </span>
                {row.text || ' '}
              </del>
            ) : (
              <span className="content-diff__text">{row.text || ' '}</span>
            )}
          </li>
        ),
      )}
    </ol>
  );
}
