/**
 * IndexedDB's request and transaction events as promises, for the stores the client keeps there
 * (Nowou's settings and its sync state). A failure rejects with the browser's own error.
 */

/** The request's result once it succeeds. */
export function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Settles when the transaction has committed; rejects when it fails or is aborted. */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    transaction.onerror = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

/**
 * Opens a database, creating its stores in `upgrade` the first time. Rejects where IndexedDB is
 * missing or refused (some private modes) and when another tab blocks the upgrade.
 */
export function openDatabase(
  name: string,
  version: number,
  upgrade: (db: IDBDatabase) => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => upgrade(request.result);
    request.onblocked = () => reject(new Error(`IndexedDB ${name} is blocked by another tab`));
    requestDone(request).then(resolve, reject);
  });
}
