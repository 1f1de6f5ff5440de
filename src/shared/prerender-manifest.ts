/**
 * What the build's prerendering (scripts/prerender/) leaves for the server in the client build's
 * `.prerendered/` folder (docs/architecture.md#prerendered-pages): one HTML file per public page,
 * the not-found page, the shell of the browser-rendered routes, and this manifest. Absolute URLs in
 * the files are written with `origin`, which the server replaces with its PUBLIC_URL when it starts.
 */
import { z } from 'zod';
import { PUBLIC_PAGES } from './public-pages';

export const PRERENDERED_DIR = '.prerendered';
export const PRERENDER_MANIFEST = 'manifest.json';

export const prerenderManifestSchema = z.object({
  origin: z.url(),
  pages: z.array(
    z.object({
      page: z.enum(PUBLIC_PAGES),
      path: z.string().startsWith('/'),
      file: z.string(),
      /** When the page's content last changed (ISO 8601), for the sitemap. */
      lastmod: z.iso.datetime({ offset: true }),
    }),
  ),
  notFound: z.string(),
  appShell: z.string(),
});

export type PrerenderManifest = z.infer<typeof prerenderManifestSchema>;
