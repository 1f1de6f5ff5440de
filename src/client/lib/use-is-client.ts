/**
 * False while the server prerenders and while the browser hydrates that HTML, true from the render
 * after: what cannot be in the prerendered markup (a portal into <body>) waits for it, and the
 * hydrating render still matches the server's (docs/architecture.md#prerendered-pages).
 */
import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

export function useIsClient(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
