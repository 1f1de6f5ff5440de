/** One-time tokens in the address bar: read them, then take them out without a history entry. */
/** Removes one query parameter from the current address without a new history entry. */
export function removeQueryParam(name: string): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(name)) return;
  url.searchParams.delete(name);
  // Keep the router's own history state so back and forward still work.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function readQueryParam(name: string): string | null {
  const value = new URLSearchParams(window.location.search).get(name);
  return value && value.trim() !== '' ? value.trim() : null;
}
