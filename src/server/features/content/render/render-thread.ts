/**
 * Renders pages in a thread of their own (render-worker.ts), started on the first job and kept
 * for the next, so rendering and compressing a whole site never blocks the requests this process
 * answers. A thread that dies fails its jobs and is started afresh for the next one.
 */
import { Worker } from 'node:worker_threads';
import type { HtmlDocument } from '#server/plugins/prerendered-pages';
import type { PublicPage } from '#shared/public-pages';
import type { RenderInput } from './render-site';

export interface ThreadSetup {
  clientDir: string;
  /** Where the media files the words name are (an artwork's image for /art's preview). */
  mediaDir: string;
}

export type RenderJob =
  | {
      kind: 'site';
      input: RenderInput;
      publicUrl: string;
      /** Only these pages (see RenderOptions.only); every page and the shells by default. */
      only?: PublicPage[];
    }
  | {
      kind: 'preview';
      input: RenderInput;
      page: PublicPage;
      theme: 'light' | 'dark';
      publicUrl: string;
    };

export type RenderReply =
  | {
      kind: 'site';
      /** By normalised path. */
      pages: [string, HtmlDocument][];
      notFound: HtmlDocument | null;
      appShell: HtmlDocument | null;
      /** Preview images made since the build, by their path under the client folder. */
      assets: [string, Buffer][];
    }
  | { kind: 'preview'; html: string };

type Reply<K extends RenderJob['kind']> = Extract<RenderReply, { kind: K }>;

/** A Buffer again: what crosses between threads arrives as a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

function revive(document: HtmlDocument): HtmlDocument {
  return {
    ...document,
    html: asBuffer(document.html),
    gzip: asBuffer(document.gzip),
    brotli: asBuffer(document.brotli),
  };
}

export class RenderThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (reply: RenderReply) => void; reject: (error: Error) => void }
  >();

  constructor(private readonly setup: ThreadSetup) {}

  private start(): Worker {
    const worker = new Worker(new URL('./render-thread-boot.mjs', import.meta.url), {
      workerData: { ...this.setup, entry: new URL('./render-worker.ts', import.meta.url).href },
    });
    worker.on(
      'message',
      ({ id, reply, error }: { id: number; reply?: RenderReply; error?: string }) => {
        const job = this.waiting.get(id);
        this.waiting.delete(id);
        if (error !== undefined || !reply) job?.reject(new Error(`Rendering failed: ${error}`));
        else job?.resolve(reply);
      },
    );
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const job of this.waiting.values()) job.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The renderer's thread stopped (${code})`)));
    // Idle, it never keeps the process alive.
    worker.unref();
    return worker;
  }

  run<K extends RenderJob['kind']>(job: Extract<RenderJob, { kind: K }>): Promise<Reply<K>> {
    this.worker ??= this.start();
    const id = this.nextId++;
    const worker = this.worker;
    worker.ref();
    return new Promise<RenderReply>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    })
      .then((reply) => {
        if (reply.kind !== 'site') return reply as Reply<K>;
        return {
          ...reply,
          pages: reply.pages.map(([path, document]) => [path, revive(document)]),
          notFound: reply.notFound && revive(reply.notFound),
          appShell: reply.appShell && revive(reply.appShell),
          assets: reply.assets.map(([file, png]) => [file, asBuffer(png)]),
        } as Reply<K>;
      })
      .finally(() => {
        if (this.waiting.size === 0) worker.unref();
      });
  }

  /** Starts the thread and loads the build in it now, so the next job needs only its own time. */
  async warm(): Promise<void> {
    this.worker ??= this.start();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
