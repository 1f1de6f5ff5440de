/** The members of each list: confirmed, waiting to confirm, unsubscribed. */
import { formatCount } from '../admin-format';
import type { ListCount } from '../api';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { LIST_LABELS } from './list-labels';

export function ListCounts({
  counts,
  error,
  onRetry,
}: {
  counts: ListCount[] | undefined;
  error: string | null;
  onRetry: () => void;
}) {
  if (counts === undefined)
    return error ? (
      <DeskLoadFailed message={error} onRetry={onRetry} />
    ) : (
      <DeskLoading label="Loading the mail lists…" size="sm" />
    );
  return (
    <table className="mail-counts">
      <caption className="mail-counts__caption">Members of each list</caption>
      <thead>
        <tr>
          <th scope="col">List</th>
          <th scope="col" className="mail-counts__number">
            Confirmed
          </th>
          <th scope="col" className="mail-counts__number">
            Waiting to confirm
          </th>
          <th scope="col" className="mail-counts__number">
            Unsubscribed
          </th>
        </tr>
      </thead>
      <tbody>
        {counts.map((row) => (
          <tr key={row.list}>
            <th scope="row">{LIST_LABELS[row.list]}</th>
            <td className="mail-counts__number">{formatCount(row.subscribed)}</td>
            <td className="mail-counts__number">{formatCount(row.pending)}</td>
            <td className="mail-counts__number">{formatCount(row.unsubscribed)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
