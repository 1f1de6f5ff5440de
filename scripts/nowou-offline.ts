/**
 * A Vite plugin that writes Nowou's service worker (src/client/service-worker/nowou-sw.js) into the
 * build as /nowou-sw.js, with the exact files Nowou's page needs offline: the entry chunk and what
 * it imports, Nowou's page module and every chunk it imports or loads later (the timeline, the
 * boards), their CSS and assets, and the few unhashed files index.html names. Read from the bundle's
 * own chunk graph, so a shared chunk is never missed and no other page's code is kept. Its version
 * is a hash of that list: a build with other files makes a new worker, which browsers then offer.
 * Why not a service-worker library: docs/decisions/2026-11-26-nowou-offline.md.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { pageModuleSource } from '../src/shared/page-modules.ts';

const TEMPLATE = 'src/client/service-worker/nowou-sw.js';
const MARKER = "const OFFLINE = { version: 'dev', files: [] };";
/** Files index.html names that are not in the bundle (public/). */
const UNHASHED = ['/theme-init.js', '/favicon.svg'];

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

export function nowouOffline(): Plugin {
  return {
    name: 'nowou-offline',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const files = new Set<string>();
      const visit = (chunk: OutputChunk | undefined, withLazy: boolean) => {
        if (!chunk || files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        const meta = (
          chunk as OutputChunk & {
            viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
          }
        ).viteMetadata;
        for (const css of meta?.importedCss ?? []) files.add(css);
        for (const asset of meta?.importedAssets ?? []) files.add(asset);
        for (const name of chunk.imports) visit(byName.get(name), withLazy);
        if (withLazy) for (const name of chunk.dynamicImports) visit(byName.get(name), withLazy);
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const nowouSource = pageModuleSource('nowou');
      const nowou = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(nowouSource));
      if (!entry || !nowou) {
        this.error(`nowou-offline: no ${entry ? nowouSource : 'entry'} chunk in the bundle`);
      }
      visit(entry, false);
      visit(nowou, true);
      const list = [...UNHASHED, ...[...files].sort().map((file) => `/${file}`)];
      const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 16);
      const template = readFileSync(TEMPLATE, 'utf8');
      if (!template.includes(MARKER)) this.error(`nowou-offline: ${TEMPLATE} lost its marker line`);
      this.emitFile({
        type: 'asset',
        fileName: 'nowou-sw.js',
        source: template.replace(
          MARKER,
          `const OFFLINE = ${JSON.stringify({ version, files: list })};`,
        ),
      });
    },
  };
}
