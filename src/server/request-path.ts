/** The path of a request URL, without its query string. */
export function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** True for `prefix` itself and anything below it: `/api`, `/api/x`, but not `/apix`. */
export function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}
