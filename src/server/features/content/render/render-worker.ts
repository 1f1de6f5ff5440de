/**
 * The renderer's own thread (render-thread.ts starts it): renders and compresses pages off the
 * thread that answers requests, so a publish never holds visitors' pages up. It keeps the build and
 * the preview images it made between jobs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '#server/ops/low-priority';
import { documentOf, normalPath, type HtmlDocument } from '#server/plugins/prerendered-pages';
import {
  PLACEHOLDER_ORIGIN,
  renderPreviewPage,
  renderSite,
  type PreviewStore,
} from './render-site';
import { loadSiteBuild } from './site-build';
import type { RenderJob, RenderReply, ThreadSetup } from './render-thread';

// Visitors' requests come first: a burst of publishes renders in the time they leave.
lowerThisThreadPriority();
const setup = workerData as ThreadSetup;
const build = loadSiteBuild(setup.clientDir);
const made = new Map<string, Buffer>();

const previews: PreviewStore = {
  get(file) {
    const kept = made.get(file);
    if (kept) return kept;
    const built = join(setup.clientDir, file);
    return existsSync(built) ? readFileSync(built) : undefined;
  },
};
const readMedia = (file: string) => readFileSync(join(setup.mediaDir, file), 'utf8');

/** The preview images the pages name that the build does not have. */
function madePreviewsNamedIn(html: string[]): [string, Buffer][] {
  const named = new Set(
    html.flatMap((page) =>
      [...page.matchAll(/\/(assets\/preview-[\w-]+\.png)/g)].map((m) => m[1]!),
    ),
  );
  return [...named].flatMap((file) => {
    const png = made.get(file);
    return png ? [[file, png] as [string, Buffer]] : [];
  });
}

async function run(job: RenderJob): Promise<RenderReply> {
  const site = await build;
  const origin = (html: string) => html.replaceAll(PLACEHOLDER_ORIGIN, job.publicUrl);
  if (job.kind === 'preview') {
    const { html, previews: fresh } = await renderPreviewPage(
      site,
      job.input,
      job.page,
      job.theme,
      {
        readMedia,
        previews,
      },
    );
    for (const [file, png] of fresh) made.set(file, png);
    return { kind: 'preview', html: origin(html) };
  }
  const rendered = await renderSite(site, job.input, { readMedia, previews, only: job.only });
  for (const [file, png] of rendered.previews) made.set(file, png);
  const doc = (html: string, status: HtmlDocument['status'], links = true) =>
    documentOf(origin(html), status, links);
  return {
    kind: 'site',
    pages: rendered.pages.map((page) => [normalPath(page.path), doc(page.html, 200)]),
    notFound: rendered.notFound === null ? null : doc(rendered.notFound, 404),
    appShell: rendered.appShell === null ? null : doc(rendered.appShell, 200, false),
    assets: madePreviewsNamedIn([...rendered.pages.map((page) => page.html)]),
  };
}

parentPort!.on('message', (message: { id: number; job: RenderJob }) => {
  run(message.job).then(
    (reply) => parentPort!.postMessage({ id: message.id, reply }),
    (error: unknown) =>
      parentPort!.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
