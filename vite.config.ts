import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { nowouOffline } from './scripts/nowou-offline.ts';

export default defineConfig(({ isSsrBuild }) => ({
  // The prerender build (src/client/prerender.tsx) writes no service worker and copies no public files.
  plugins: [react(), isSsrBuild ? null : nowouOffline()],
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
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
