/**
 * The chunks each page needs beyond what index.html already loads, read once from the client build's
 * manifest (.vite/manifest.json) and sent as a Link header with the page's HTML: the browser fetches
 * the page's module and its CSS alongside the main script instead of after it has run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  CLIENT_MANIFEST,
  clientManifestSchema,
  pageFiles,
  type ClientManifest,
} from '#shared/client-manifest';
import { PAGE_MODULES, type PageModuleRoute } from '#shared/page-modules';

export type PagePreloads = ReadonlyMap<PageModuleRoute, string>;

function linkOf(file: string): string {
  // crossorigin as the client's own requests make them, so the browser reuses what it preloaded.
  return file.endsWith('.css')
    ? `</${file}>; rel=preload; as=style; crossorigin`
    : `</${file}>; rel=modulepreload; crossorigin`;
}

/** An empty map (no header sent) when the build has no manifest: pages still load, one step later. */
export function readPagePreloads(clientDir: string, log: FastifyBaseLogger): PagePreloads {
  let manifest: ClientManifest;
  try {
    manifest = clientManifestSchema.parse(
      JSON.parse(readFileSync(join(clientDir, CLIENT_MANIFEST), 'utf8')),
    );
  } catch {
    log.warn(
      `The client build has no readable ${CLIENT_MANIFEST}: pages are sent without preloads`,
    );
    return new Map();
  }
  const preloads = new Map<PageModuleRoute, string>();
  for (const route of Object.keys(PAGE_MODULES) as PageModuleRoute[]) {
    const files = pageFiles(manifest, route);
    if (files && files.length > 0) preloads.set(route, files.map(linkOf).join(', '));
  }
  return preloads;
}
