/** Saves every Nowou item as one JSON file through the browser's download. */
import { dayOf } from '../logic/calendar-day';
import type { ItemStore } from '../model/item-store';

export function downloadFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The export's code loads when someone exports (docs/product/constants.md#speed-and-scale-targets). */
export async function downloadExport(store: ItemStore): Promise<void> {
  const { exportItems } = await import('../model/export-import');
  const now = new Date();
  store.flush();
  downloadFile(
    `nowou-${dayOf(now)}.json`,
    'application/json',
    JSON.stringify(exportItems(store, now), null, 2),
  );
}
