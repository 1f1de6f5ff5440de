/**
 * The client build's manifest (.vite/manifest.json): which files each page module needs. The server
 * announces a page's chunks with its HTML (plugins/page-preloads.ts), and the prerendering links a
 * page's stylesheets in its <head>, so the page paints styled before any script runs.
 */
import { z } from 'zod';
import { pageModuleSource, type PageModuleRoute } from './page-modules';

export const CLIENT_MANIFEST = '.vite/manifest.json';

export const clientManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type ClientManifest = z.infer<typeof clientManifestSchema>;

/** `key`'s own file, the chunks it imports statically (transitively) and all their CSS. */
function filesOf(manifest: ClientManifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, files);
  return files;
}

/** What index.html loads: the entry, its static imports and their CSS. */
export function entryFiles(manifest: ClientManifest): Set<string> {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  return entry ? filesOf(manifest, entry) : new Set();
}

/** The files a page's module needs beyond index.html's, or null when the build has no such page. */
export function pageFiles(manifest: ClientManifest, route: PageModuleRoute): string[] | null {
  const key = pageModuleSource(route);
  if (!manifest[key]) return null;
  const loaded = entryFiles(manifest);
  return [...filesOf(manifest, key)].filter((file) => !loaded.has(file));
}
