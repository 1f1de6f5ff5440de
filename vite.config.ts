import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { nowouOffline } from './scripts/nowou-offline.ts';

/**
 * The renderer's folder says its modules are ES modules, so the server can import prerender.js
 * wherever the build is copied (CLIENT_DIR outside the repository, whose package.json says so
 * only for its own folder).
 */
function rendererIsEsm(): Plugin {
  return {
    name: 'renderer-is-esm',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "module" }\n' });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The prerender build (src/client/prerender.tsx) writes no service worker and copies no public files.
  plugins: [react(), isSsrBuild ? rendererIsEsm() : nowouOffline()],
  resolve: {
    alias: {
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('src/client/lib/navigation/react-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  // The server-side renderer carries its packages (React among them): it runs from wherever the
  // build is, a copy outside the repository included.
  ssr: { noExternal: isSsrBuild ? true : undefined },
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
    // The owner's artworks and tracks are always files: crawlers and the structured data link them.
    assetsInlineLimit: (file: string) => (file.includes('/content/') ? false : undefined),
    // Keep every chunk's module-preload honest: only what a route needs is fetched with it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The chart library stays a chunk of its own: ui/chart's setup, used by every chart, would
          // otherwise share its chunk and its name.
          groups: [
            { name: 'lightweight-charts', test: /node_modules[\\/]lightweight-charts[\\/]/ },
            // The desk's Markdown editor and its parts, so the bench can tell that only it loads them.
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|@lezer|style-mod|w3c-keyname|crelt)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
