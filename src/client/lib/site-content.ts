/**
 * The owner's site content (content/site.json). The build checks it against the shared schema
 * (vite.config.ts), so the client takes it as typed without shipping the validator.
 */
import siteJson from '#content/site.json';
import type { SiteContent } from '#shared/content-schema';

export const siteContent = siteJson as SiteContent;

/** Up to two initials for the monogram, e.g. "Alex Lindqvist" → "AL". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
