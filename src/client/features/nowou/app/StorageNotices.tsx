/**
 * What the store reports, said plainly: no storage at all, values this version cannot read (left
 * untouched), a full or refusing storage (changes kept in the tab, with a copy to download), and
 * how much of the browser's storage Nowou uses, beside the browser's own estimate for the site
 * (`navigator.storage.estimate()`: every kind of storage, of what quota).
 */
import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import type { NowouStoreState } from '../use-nowou-store';
import { downloadExport } from '../kit/export-file';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

export function StorageNotices({ state }: { state: NowouStoreState }) {
  const { store, skippedCount, writeProblem, storageAvailable } = state;
  return (
    <>
      {!storageAvailable && (
        <p className="nowou-app__notice" role="status">
          This browser gives Nowou no storage: what you make lasts only while this tab is open.
        </p>
      )}
      {skippedCount > 0 && (
        <p className="nowou-app__notice" role="status">
          {skippedCount === 1
            ? '1 saved item could not be read and is left as it is.'
            : `${skippedCount} saved items could not be read and are left as they are.`}{' '}
          A newer version of Nowou or another program may have written it.
        </p>
      )}
      {writeProblem && (
        <div className="nowou-app__notice nowou-app__notice--problem" role="alert">
          <p>
            {writeProblem === 'quota'
              ? 'This browser’s storage is full, so the latest changes are kept only in this tab for now.'
              : 'This browser refused to save the latest changes, so they are kept only in this tab for now.'}{' '}
            Nothing is lost: download a copy to keep them safe.
          </p>
          <Button variant="primary" onClick={() => downloadExport(store)}>
            Download a copy
          </Button>
        </div>
      )}
    </>
  );
}

interface Estimate {
  usage: number;
  quota: number;
}

async function readEstimate(): Promise<Estimate | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (typeof estimate?.usage !== 'number' || typeof estimate.quota !== 'number') return null;
    return { usage: estimate.usage, quota: estimate.quota };
  } catch {
    return null;
  }
}

export function StorageFooter({ state }: { state: NowouStoreState }) {
  const { store, persisted } = state;
  // What is stored at first is known at once; later writes are read a moment after they land.
  const [usage, setUsage] = useState(() => store.usage());
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  // Writes land a moment after a change (the store batches them): read the usage once they have.
  useEffect(() => {
    let timer = 0;
    let active = true;
    const readSoon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        setUsage(store.usage());
        void readEstimate().then((read) => active && setEstimate(read));
      }, 600);
    };
    readSoon();
    const unsubscribe = store.subscribe(readSoon);
    return () => {
      active = false;
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [store]);
  return (
    <p className="nowou-app__footer">
      Nowou uses {sizeText(usage)} of this browser’s storage
      {persisted ? ', kept until you clear it.' : '.'}
      {estimate && (
        <>
          {' '}
          The browser counts {sizeText(estimate.usage)} used by this site, of{' '}
          {sizeText(estimate.quota)} it allows.
        </>
      )}
    </p>
  );
}
