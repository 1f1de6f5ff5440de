/**
 * A small Server-Sent Events client for the /api/live tests: one plain HTTP connection per stream
 * (no pooling, so closing a stream really closes its socket), the raw text kept for framing checks
 * and the parsed events to wait on.
 */
import { request, type IncomingHttpHeaders } from 'node:http';

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  /** Comment lines (`: heartbeat`) of the block, without the colon. */
  comments: string[];
}

export interface SseConnection {
  status: number;
  headers: IncomingHttpHeaders;
  /** Everything received so far, as sent. */
  text: () => string;
  blocks: SseEvent[];
  /** The next block (from `from` on) that `match` accepts. */
  waitFor: (match: (block: SseEvent) => boolean, options?: WaitOptions) => Promise<SseEvent>;
  /** The parsed JSON data of the next block with event `name`. */
  nextEvent: <T = unknown>(name: string, options?: WaitOptions) => Promise<T>;
  /** Resolves when the server ends the response or the connection drops. */
  ended: Promise<void>;
  close: () => void;
}

export interface WaitOptions {
  /** Index of the first block to consider; defaults to the first block not yet consumed by a wait. */
  from?: number;
  timeoutMs?: number;
}

export interface OpenOptions {
  headers?: Record<string, string>;
}

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: IncomingHttpHeaders = {},
  ) {
    super(`HTTP ${status}: ${body}`);
  }
}

function parseBlock(raw: string): SseEvent {
  const block: SseEvent = { comments: [] };
  for (const line of raw.split('\n')) {
    if (line.startsWith(':')) {
      block.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id' || field === 'event' || field === 'retry') block[field] = value;
    else if (field === 'data')
      block.data = block.data === undefined ? value : `${block.data}\n${value}`;
  }
  return block;
}

/** Opens `url` as an event stream; rejects with HttpStatusError when the answer is not 200. */
export function openSse(url: string, options: OpenOptions = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      agent: false,
      headers: { accept: 'text/event-stream', ...options.headers },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      res.setEncoding('utf8');
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (chunk: string) => (body += chunk));
        res.once('end', () => reject(new HttpStatusError(res.statusCode ?? 0, body, res.headers)));
        return;
      }
      let text = '';
      let pending = '';
      let consumed = 0;
      const blocks: SseEvent[] = [];
      const waiters = new Set<() => void>();
      res.on('data', (chunk: string) => {
        text += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          blocks.push(parseBlock(pending.slice(0, end)));
          pending = pending.slice(end + 2);
        }
        for (const wake of [...waiters]) wake();
      });
      const ended = new Promise<void>((resolveEnded) => {
        res.once('close', () => resolveEnded());
        res.once('error', () => resolveEnded());
        req.once('close', () => resolveEnded());
      });
      // A dropped connection is an expected way for a stream to end; the tests look at `ended`.
      res.on('error', () => undefined);
      req.removeListener('error', reject);
      req.on('error', () => undefined);

      const waitFor: SseConnection['waitFor'] = (match, { from, timeoutMs = 5000 } = {}) =>
        new Promise((resolveBlock, rejectBlock) => {
          let index = from ?? consumed;
          const check = () => {
            for (; index < blocks.length; index++) {
              const block = blocks[index];
              if (block && match(block)) {
                consumed = Math.max(consumed, index + 1);
                cleanup();
                resolveBlock(block);
                return;
              }
            }
          };
          const timer = setTimeout(() => {
            cleanup();
            rejectBlock(new Error(`No matching event within ${timeoutMs} ms; received:\n${text}`));
          }, timeoutMs);
          const cleanup = () => {
            clearTimeout(timer);
            waiters.delete(check);
          };
          waiters.add(check);
          check();
        });

      resolve({
        status: res.statusCode,
        headers: res.headers,
        text: () => text,
        blocks,
        waitFor,
        nextEvent: async <T>(name: string, waitOptions?: WaitOptions) => {
          const block = await waitFor((b) => b.event === name, waitOptions);
          return JSON.parse(block.data ?? 'null') as T;
        },
        ended,
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}
