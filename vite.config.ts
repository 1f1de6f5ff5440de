import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  parseArtContent,
  parseDonationContent,
  parseMusicContent,
  parseSiteContent,
} from './src/shared/content-schema.ts';
import { parseIndicatorPlans } from './src/shared/indicator-plans.ts';
import { parseLokalaJobbContent } from './src/shared/lokala-jobb-content.ts';
import { compileContentMarkdown } from './src/client/pages/markdown/content-markdown.ts';
import { nowouOffline } from './scripts/nowou-offline.ts';

/** An entry's file (relative to content/) must exist: the page would show a broken image or track. */
function requireContentFile(file: string, where: string) {
  if (!existsSync(`content/${file}`)) throw new Error(`${where}: content/${file} does not exist`);
}

/** Fails the build with a line naming the bad entry when a content file is invalid. */
function validateContent(): Plugin {
  return {
    name: 'validate-content',
    buildStart() {
      parseSiteContent(JSON.parse(readFileSync('content/site.json', 'utf8')));
      parseDonationContent(JSON.parse(readFileSync('content/donation.json', 'utf8')));
      const art = parseArtContent(JSON.parse(readFileSync('content/art.json', 'utf8')));
      art.artworks.forEach(({ image, variants = [] }, i) => {
        requireContentFile(image, `content/art.json: artworks.${i}.image`);
        variants.forEach((variant, j) =>
          requireContentFile(variant.image, `content/art.json: artworks.${i}.variants.${j}.image`),
        );
      });
      parseIndicatorPlans(JSON.parse(readFileSync('content/indicators.json', 'utf8')));
      parseLokalaJobbContent(JSON.parse(readFileSync('content/lokala-jobb.json', 'utf8')));
      const music = parseMusicContent(JSON.parse(readFileSync('content/music.json', 'utf8')));
      music.tracks.forEach(({ file }, i) =>
        requireContentFile(file, `content/music.json: tracks.${i}.file`),
      );
    },
  };
}

/**
 * The owner's Markdown pages (content/legal/*.md, dated, and content/pages/*.md) become plain data at
 * build time, so those pages ship no Markdown parser and render no HTML strings; a bad entry stops
 * the build with its line.
 */
function contentMarkdown(): Plugin {
  return {
    name: 'content-markdown',
    enforce: 'pre',
    transform(source, id) {
      const folder = /\/content\/(legal|pages)\/[^/?]+\.md$/.exec(id)?.[1];
      if (!folder) return null;
      const document = compileContentMarkdown(source, relative(process.cwd(), id), {
        dated: folder === 'legal',
      });
      return { code: `export default ${JSON.stringify(document)};`, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The prerender build (src/client/prerender.tsx) writes no service worker and copies no public files.
  plugins: [react(), validateContent(), contentMarkdown(), isSsrBuild ? null : nowouOffline()],
  // The footer's year as the prerendered pages were built (src/client/shell/footer/Footer.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    copyPublicDir: !isSsrBuild,
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the server reads each page's chunks from it to announce them with the HTML.
    manifest: true,
    target: 'es2022',
    // Keep every chunk's module-preload honest: only what a route needs is fetched with it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The chart library stays a chunk of its own: ui/chart's setup, used by every chart, would
          // otherwise share its chunk and its name.
          groups: [
            { name: 'lightweight-charts', test: /node_modules[\\/]lightweight-charts[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
