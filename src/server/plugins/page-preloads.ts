/**
 * The chunks each page needs beyond what index.html already loads, read once from the client build's
 * manifest (.vite/manifest.json) and sent as a Link header with the page's HTML: the browser fetches
 * the page's module and its CSS alongside the main script instead of after it has run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { PAGE_MODULES, pageModuleSource, type PageModuleRoute } from '#shared/page-modules';

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

export type PagePreloads = ReadonlyMap<PageModuleRoute, string>;

/** `key`'s own file, the chunks it imports statically (transitively) and all their CSS. */
function filesOf(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, files);
  return files;
}

function linkOf(file: string): string {
  // crossorigin as the client's own requests make them, so the browser reuses what it preloaded.
  return file.endsWith('.css')
    ? `</${file}>; rel=preload; as=style; crossorigin`
    : `</${file}>; rel=modulepreload; crossorigin`;
}

/** An empty map (no header sent) when the build has no manifest: pages still load, one step later. */
export function readPagePreloads(clientDir: string, log: FastifyBaseLogger): PagePreloads {
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(
      JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')),
    );
  } catch {
    log.warn(
      'The client build has no readable .vite/manifest.json: pages are sent without preloads',
    );
    return new Map();
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loadedByIndex = entry ? filesOf(manifest, entry) : new Set<string>();
  const preloads = new Map<PageModuleRoute, string>();
  for (const route of Object.keys(PAGE_MODULES) as PageModuleRoute[]) {
    const key = pageModuleSource(route);
    if (!manifest[key]) continue;
    const files = [...filesOf(manifest, key)].filter((file) => !loadedByIndex.has(file));
    if (files.length > 0) preloads.set(route, files.map(linkOf).join(', '));
  }
  return preloads;
}
