/**
 * Whether the API can be reached, as this tab last saw it (docs/product/shell.md#offline-notice). Three
 * sources report: a failed API call (api.ts), the live stream dropping or opening
 * (live-connection.ts), and the browser's own online/offline events. Anything that reaches the
 * server marks it reachable again, so the offline message goes away by itself when the network
 * returns. Components follow it with useReachable.
 */
let reachable = true;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (reachable === next) return;
  reachable = next;
  for (const listener of [...listeners]) listener();
}

export function reportUnreachable(): void {
  set(false);
}

export function reportReachable(): void {
  set(true);
}

export function isReachable(): boolean {
  return reachable;
}

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks the server directly (GET /api/health) and reports what it found: used when the live stream
 * drops (a stream also drops when the server merely restarts) and, while unreachable, to notice
 * the way back. Resolves to whether the server answered.
 */
export async function checkReachability(): Promise<boolean> {
  let ok: boolean;
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    ok = response.status < 502 || response.status > 504;
  } catch {
    ok = false;
  }
  set(ok);
  return ok;
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', reportUnreachable);
}
