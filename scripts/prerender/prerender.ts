/**
 * The last step of `npm run build` (docs/architecture.md#prerendered-pages): writes the template
 * the server renders pages into (theme-init.js minified under a hashed name), the PNG icons, and
 * every public page rendered from the shipped `content/` by the same renderer the server uses when
 * the owner publishes, with their preview images and the manifest the server reads.
 */
import './production-mode';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifySync } from 'vite';
import { entryFiles } from '#shared/client-manifest';
import {
  PAGE_TEMPLATE,
  RENDERER_DIR,
  PRERENDER_MANIFEST,
  PRERENDERED_DIR,
  type PrerenderManifest,
} from '#shared/prerender-manifest';
import {
  contentHash,
  readContentFolder,
  REPO_CONTENT_DIR,
} from '../../src/server/features/content/content-folder';
import { renderIcon } from '../../src/server/features/content/render/preview-image';
import {
  PLACEHOLDER_ORIGIN,
  renderSite,
} from '../../src/server/features/content/render/render-site';
import {
  importRenderer,
  entryModules,
  readClientManifest,
  withoutEntryScripts,
} from '../../src/server/features/content/render/site-build';

const CLIENT = 'dist/client';
const OUT = join(CLIENT, PRERENDERED_DIR);
const THEME_INIT = '<script src="/theme-init.js"></script>';

/** Writes `data` under a name with its hash in /assets/ (cached for good) and returns its path. */
function hashed(name: string, data: Buffer | string, extension: string): string {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
  const file = `assets/${name}-${hash}.${extension}`;
  writeFileSync(join(CLIENT, file), data);
  return `/${file}`;
}

function replaceTag(html: string, tag: string, by: string): string {
  if (!html.includes(tag)) throw new Error(`The built index.html has no ${tag}`);
  return html.replace(tag, by);
}

/**
 * The built index.html as the prerendered pages start from it: the entry's stylesheets are left to
 * each page's inlined block, the module script and its preloads to each page's module list, and
 * theme-init.js, the one script the first paint waits for, is minified under a hashed name, cached
 * for good. The app shell keeps the plain template (Nowou's offline copy names /theme-init.js).
 */
function pageTemplate(template: string, stylesheets: string[]): string {
  const themeInit = readFileSync(join(CLIENT, 'theme-init.js'), 'utf8');
  const minified = minifySync('theme-init.js', themeInit);
  if (minified.errors.length > 0) throw new Error(`theme-init.js: ${minified.errors[0]?.message}`);
  const themeInitPath = hashed('theme-init', minified.code, 'js');
  return withoutEntryScripts(
    stylesheets.reduce(
      (html, file) => replaceTag(html, `<link rel="stylesheet" crossorigin href="/${file}">`, ''),
      replaceTag(template, THEME_INIT, `<script src="${themeInitPath}"></script>`),
    ),
  );
}

async function main() {
  const folder = readContentFolder(REPO_CONTENT_DIR);
  if (!folder.ok) throw new Error(`Invalid content:\n${folder.problems.join('\n')}`);

  const manifest = readClientManifest(CLIENT);
  const shellTemplate = readFileSync(join(CLIENT, 'index.html'), 'utf8');
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const stylesheets = [...entryFiles(manifest)].filter((file) => file.endsWith('.css'));
  const build = {
    clientDir: CLIENT,
    renderer: await importRenderer(join(CLIENT, RENDERER_DIR)),
    shellTemplate,
    pageTemplate: pageTemplate(shellTemplate, stylesheets),
    entry: entryModules(shellTemplate),
    manifest,
  };
  writeFileSync(join(OUT, PAGE_TEMPLATE), build.pageTemplate);

  const favicon = readFileSync('public/favicon.svg', 'utf8');
  writeFileSync(join(CLIENT, 'favicon-32.png'), renderIcon(favicon, 32));
  writeFileSync(join(CLIENT, 'apple-touch-icon.png'), renderIcon(favicon, 180, '#b3400b'));

  const site = await renderSite(
    build,
    { parts: folder.parts },
    {
      readMedia: (file) => readFileSync(join(REPO_CONTENT_DIR, file), 'utf8'),
      previews: { get: () => undefined },
    },
  );
  for (const [file, png] of site.previews) writeFileSync(join(CLIENT, file), png);
  const written: PrerenderManifest = {
    origin: PLACEHOLDER_ORIGIN,
    contentHash: contentHash(folder.values),
    pages: site.pages.map(({ page, path }) => ({ page, path, file: `${page}.html` })),
    notFound: 'not-found.html',
    appShell: 'app-shell.html',
  };
  for (const page of site.pages) writeFileSync(join(OUT, `${page.page}.html`), page.html);
  writeFileSync(join(OUT, written.notFound), site.notFound!);
  writeFileSync(join(OUT, written.appShell), site.appShell!);
  writeFileSync(join(OUT, PRERENDER_MANIFEST), `${JSON.stringify(written, null, 2)}\n`);
  console.log(
    `Prerendered ${written.pages.length} public pages, the not-found page and the app shell`,
  );
}

await main();
