/** The pop-ups' chunk, for the host's lazy component and for openers that load it ahead. */
export const loadPopupContent = () => import('./PopupContent');

/** Starts loading the pop-ups' code (a pointer on, or focus in, something that opens one). */
export function preloadPopups(): void {
  loadPopupContent().catch(() => {
    // Offline now: the pop-up tries again when it opens.
  });
}
