/**
 * Whether a track was started and its now-playing bar not closed since (lib/playback/playback.ts
 * sets it). Its own small module, so the shell knows whether to load the bar without loading the
 * playback itself on pages where nothing ever played.
 */
import { useSyncExternalStore } from 'react';

let started = false;
const listeners = new Set<() => void>();

export function setStarted(next: boolean) {
  if (next === started) return;
  started = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStarted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => started,
    () => false,
  );
}
