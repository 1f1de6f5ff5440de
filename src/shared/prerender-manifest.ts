/**
 * What `npm run build` leaves for the server in the client build's `.prerendered/` folder
 * (docs/architecture.md#prerendered-pages): the template the server renders pages into when the
 * owner publishes, and every page rendered from the shipped `content/` (one HTML file per public
 * page, the not-found page, the shell of the browser-rendered routes) with this manifest. The server
 * serves those files as they are while the site's words are still the shipped ones (`contentHash`).
 * Absolute URLs in the files are written with `origin`, which the server replaces with its
 * PUBLIC_URL.
 */
import { z } from 'zod';
import { PUBLIC_PAGES } from './public-pages';

export const PRERENDERED_DIR = '.prerendered';
export const PRERENDER_MANIFEST = 'manifest.json';
/**
 * The server-side entry of the client (src/client/prerender.tsx), built into the client build so
 * every copy of the build renders with its own code; a dot folder, which is never served.
 */
export const RENDERER_DIR = '.renderer';
/** The built index.html as every prerendered page starts from it. */
export const PAGE_TEMPLATE = 'page-template.html';

export const prerenderManifestSchema = z.object({
  origin: z.url(),
  /** The fingerprint of the words the files were rendered from. */
  contentHash: z.string().regex(/^[0-9a-f]{64}$/),
  pages: z.array(
    z.object({
      page: z.enum(PUBLIC_PAGES),
      path: z.string().startsWith('/'),
      file: z.string(),
    }),
  ),
  notFound: z.string(),
  appShell: z.string(),
});

export type PrerenderManifest = z.infer<typeof prerenderManifestSchema>;
