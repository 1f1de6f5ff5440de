import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { parseDonationContent, parseSiteContent } from './src/shared/content-schema.ts';

/** Fails the build with a line naming the bad entry when a content file is invalid. */
function validateContent(): Plugin {
  return {
    name: 'validate-content',
    buildStart() {
      parseSiteContent(JSON.parse(readFileSync('content/site.json', 'utf8')));
      parseDonationContent(JSON.parse(readFileSync('content/donation.json', 'utf8')));
    },
  };
}

export default defineConfig({
  plugins: [react(), validateContent()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Keep every chunk's module-preload honest: only what a route needs is fetched with it.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
