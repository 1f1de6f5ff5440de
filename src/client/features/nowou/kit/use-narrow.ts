/**
 * Whether Nowou is on a phone (docs/product/nowou.md#nowou: up to 720 px wide), followed as the
 * window crosses that width, so a section can fold its toolbar behind one button there.
 */
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 719.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const narrowNow = () => window.matchMedia(NARROW_QUERY).matches;

export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, narrowNow, narrowNow);
}
