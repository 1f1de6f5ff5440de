/**
 * When a page's content last changed, for the sitemap's `lastmod` (never the build time): the
 * legal pages' own `updated` date; otherwise the last commit of the content files the page is made
 * of, or their modification time when they have uncommitted changes or the site is not a git checkout.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PublicPage } from '#shared/public-pages';

const CONTENT = 'content';

/** The content each page shows; site.json (titles, descriptions, offerings, footer) is in all. */
const PAGE_CONTENT: Record<PublicPage, string[]> = {
  home: [],
  about: ['pages/about.md'],
  longAndShortPosition: ['indicators.json'],
  portfolio: ['indicators.json'],
  art: ['art.json', 'art'],
  music: ['music.json', 'music'],
  termsOfService: ['legal/terms-of-service.md'],
  privacyPolicy: ['legal/privacy-policy.md'],
  support: [],
  contact: [],
  purchase: ['indicators.json'],
  lokalaJobb: ['lokala-jobb.json'],
};

const LEGAL: Partial<Record<PublicPage, string>> = {
  termsOfService: 'legal/terms-of-service.md',
  privacyPolicy: 'legal/privacy-policy.md',
};

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

function newestModification(paths: string[]): Date {
  const times = paths.flatMap(files).map((file) => statSync(file).mtimeMs);
  return new Date(Math.max(...times));
}

function lastChange(paths: string[]): Date {
  const dirty = git(['status', '--porcelain', '--', ...paths]);
  if (dirty === '') {
    const committed = git(['log', '-1', '--format=%cI', '--', ...paths])?.trim();
    if (committed) return new Date(committed);
  }
  return newestModification(paths);
}

/** The legal page's own date (its front matter's `updated`), as the page says it. */
function updatedOf(file: string): Date | null {
  const match = /^updated:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(readFileSync(file, 'utf8'));
  return match ? new Date(`${match[1]}T00:00:00Z`) : null;
}

export function contentDate(page: PublicPage): string {
  const legal = LEGAL[page];
  const updated = legal ? updatedOf(join(CONTENT, legal)) : null;
  const date =
    updated ??
    lastChange([join(CONTENT, 'site.json'), ...PAGE_CONTENT[page].map((p) => join(CONTENT, p))]);
  return date.toISOString();
}
