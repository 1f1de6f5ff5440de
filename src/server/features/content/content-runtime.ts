/**
 * Keeps what this instance serves in step with the site's published words
 * (docs/architecture.md#publishing): at start a new site takes its first words from `content/`, and
 * the pages served are the build's own while the words are the shipped ones, else rendered (in a
 * thread of their own) before the server listens. After a publish on any instance the live bus
 * says so, and every instance renders the new version and swaps it in whole; a notice lost with a
 * connection is caught up by a look at the version every few seconds.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { CONTENT_DOCUMENTS, documentsOfPage } from '#shared/content-documents';
import {
  CONTENT_KEYS,
  SHELL_CONTENT,
  type ContentKey,
  type ContentParts,
} from '#shared/content-parts';
import { paths } from '#shared/paths';
import { PUBLIC_PAGES, type PublicPage } from '#shared/public-pages';
import { ConfigError } from '#server/config-error';
import type { Database } from '#server/db/schema';
import type { BuildPages, PageSet, SitePages } from '#server/plugins/prerendered-pages';
import { folderFingerprint, readContentFolder, REPO_CONTENT_DIR } from './content-folder';
import { readContentState } from './content.repository';
import { readPublishedContent, seedContent, type PublishedContent } from './publishing';
import { RenderThread } from './render/render-thread';

/** How often an instance looks whether a publish passed it by (a lost notice). */
export const CATCH_UP_MS = 5_000;

export interface ContentRuntimeOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** What the server answers page paths with; null when it serves /api only. */
  pages: SitePages | null;
  build: {
    clientDir: string;
    pages: BuildPages | null;
    servable: ReadonlySet<string> | undefined;
  } | null;
  /** The folder a new site takes its words from (the repository's `content/`). */
  contentDir?: string;
  /**
   * Start the renderer's thread when the server starts, so the first publish another instance
   * makes is served within a second (default); tests that publish nothing leave it cold.
   */
  warmRenderer?: boolean;
}

/** When each public page's words last changed: its documents' newest revision, or a legal page's own date. */
function sitemapEntries(content: PublishedContent): PageSet['sitemapEntries'] {
  return PUBLIC_PAGES.map((page) => {
    const dated = documentsOfPage(page)
      .filter((key) => CONTENT_DOCUMENTS[key].markdown?.dated)
      .map((key) => content.values[key] as { updated: string | null });
    const times = documentsOfPage(page).map((key) => content.revisions[key].publishedAt);
    const lastmod =
      dated[0]?.updated != null
        ? new Date(`${dated[0].updated}T00:00:00Z`).toISOString()
        : times.sort().at(-1)!;
    return { path: paths[page], lastmod };
  });
}

export class ContentRuntime {
  private content!: PublishedContent;
  private readonly thread: RenderThread | null;
  private buildSet: Omit<PageSet, 'sitemapEntries' | 'assets'> | null = null;
  /** What is served now (pages rendered since are merged into it). */
  private served: PageSet | null = null;
  /** The last render of pages after a publish: how long it took, and how many pages it made. */
  lastRender: { ms: number; pages: number } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private queued: Promise<void> | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: ContentRuntimeOptions) {
    const { build } = options;
    this.thread = build
      ? new RenderThread({
          clientDir: build.clientDir,
          mediaDir: options.contentDir ?? REPO_CONTENT_DIR,
        })
      : null;
  }

  /**
   * Serves the newest words, and resolves once this instance does (the publishing request waits for
   * it). Calls while one runs share the next run: a burst of notices costs one look more at most.
   */
  serveNewest(): Promise<void> {
    this.queued ??= this.chain.then(() => {
      this.queued = null;
      return this.catchUp();
    });
    this.chain = this.queued.catch(() => undefined);
    return this.queued;
  }

  /** serveNewest, for a notice or a timer: a failure is logged, and the next look tries again. */
  readonly refresh = (): void => {
    this.serveNewest().catch((error: unknown) =>
      this.options.log.error({ err: error }, 'content: could not serve the newest words'),
    );
  };

  /** The words served now. */
  published(): PublishedContent {
    return this.content;
  }

  /** Takes the first words in when the site has none, then serves the newest. */
  async start(): Promise<void> {
    await this.seedIfNew();
    const content = await readPublishedContent(this.options.db);
    if (!content) throw new Error('content: no words after seeding');
    await this.serve(content);
    this.timer = setInterval(this.refresh, CATCH_UP_MS);
    this.timer.unref();
    if (this.options.warmRenderer !== false && this.thread) void this.thread.warm();
  }

  private async seedIfNew(): Promise<void> {
    const dir = this.options.contentDir ?? REPO_CONTENT_DIR;
    if (await readContentState(this.options.db)) return;
    const folder = readContentFolder(dir, { servable: this.options.build?.servable });
    if (!folder.ok) throw new ConfigError(`Invalid content: ${folder.problems[0]}`);
    if (await seedContent(this.options.db, folder, folderFingerprint(dir)))
      this.options.log.info(`The site's words were taken from ${dir}`);
  }

  /**
   * Lines for the owner at start: the `content/` folder changed since it was last taken in (the
   * site shows what was published, and says how to publish the folder), and wallets still the
   * shipped examples.
   */
  async folderNotice(): Promise<string | null> {
    const dir = this.options.contentDir ?? REPO_CONTENT_DIR;
    const state = await readContentState(this.options.db);
    if (!state || state.folderHash === folderFingerprint(dir)) return null;
    const folder = readContentFolder(dir, { servable: this.options.build?.servable });
    const how = folder.ok
      ? `to publish it, run: npm run content -- import ${dir}`
      : `it cannot be published as it is: ${folder.problems[0]}`;
    return `${dir} has changed since the site last took it in; the site shows the words published on the desk (${how})`;
  }

  private async catchUp(): Promise<void> {
    if (this.closed) return;
    const state = await readContentState(this.options.db);
    if (!state || state.version === this.content.version) return;
    const content = await readPublishedContent(this.options.db, this.content);
    if (content && content.version > this.content.version) await this.serve(content);
  }

  /**
   * The public pages a change of these documents shows on, or null for all of them and the shells
   * (the words every page carries changed, or nothing is served yet).
   */
  private pagesToRender(content: PublishedContent): PublicPage[] | null {
    if (!this.served || !this.content) return null;
    const changed = CONTENT_KEYS.filter(
      (key) => this.content.revisions[key].revision !== content.revisions[key].revision,
    );
    if (changed.some((key) => (SHELL_CONTENT as readonly ContentKey[]).includes(key))) return null;
    return PUBLIC_PAGES.filter((page) =>
      documentsOfPage(page).some((key) => changed.includes(key)),
    );
  }

  private async serve(content: PublishedContent): Promise<void> {
    const { pages, build } = this.options;
    if (pages && build?.pages) {
      let set: PageSet;
      const sitemap = sitemapEntries(content);
      if (content.hash === build.pages.manifest.contentHash) {
        this.buildSet ??= build.pages.read(this.options.publicUrl);
        set = { ...this.buildSet, sitemapEntries: sitemap, assets: new Map() };
      } else {
        const only = this.pagesToRender(content) ?? undefined;
        const began = performance.now();
        const reply = await this.thread!.run({
          kind: 'site',
          input: { parts: content.parts },
          publicUrl: this.options.publicUrl,
          only,
        });
        this.lastRender = { ms: performance.now() - began, pages: reply.pages.length };
        const before = only ? this.served! : null;
        set = {
          pages: new Map([...(before?.pages ?? []), ...reply.pages]),
          notFound: reply.notFound ?? before!.notFound,
          appShell: reply.appShell ?? before!.appShell,
          sitemapEntries: sitemap,
          assets: new Map([...(before?.assets ?? []), ...reply.assets]),
        };
      }
      if (this.closed) return;
      pages.replace(set);
      this.served = set;
    }
    this.content = content;
  }

  /** One page as it would look with `parts` in place of the published ones (the desk's preview). */
  async preview(
    page: PublicPage,
    theme: 'light' | 'dark',
    parts: Partial<ContentParts>,
  ): Promise<string | null> {
    if (!this.thread || !this.options.build?.pages) return null;
    const reply = await this.thread.run({
      kind: 'preview',
      input: { parts: { ...this.content.parts, ...parts } },
      page,
      theme,
      publicUrl: this.options.publicUrl,
    });
    return reply.html;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.thread?.close();
  }
}
