/** A table cell with a figure's change on the period before ("+12%"), coloured by its direction. */
import { changeText, changeTone } from './traffic-data';

export function ChangeCell({ visits, previous }: { visits: number; previous: number }) {
  return (
    <td className="traffic-table__count traffic-change" data-tone={changeTone(visits, previous)}>
      {changeText(visits, previous)}
    </td>
  );
}
