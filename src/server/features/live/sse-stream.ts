/**
 * One Server-Sent Events response on the raw Node response, after Fastify's reply was hijacked.
 * Framing per the HTML standard: https://html.spec.whatwg.org/multipage/server-sent-events.html
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What EventSource waits before reconnecting on its own after a dropped connection. */
export const SSE_RETRY_MS = 3000;

/**
 * A stream whose client does not read is dropped rather than buffered without end; the client
 * reconnects and gets the current state again.
 */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** How long a closing stream may take to flush before its socket is cut. */
const END_GRACE_MS = 200;

export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // nginx and similar proxies would otherwise hold events back in their buffers.
  'x-accel-buffering': 'no',
};

/**
 * The app's security headers that mean something on an event stream, which no browser renders as a
 * document: the others (CSP, opener and permissions policies, …) are taken off it. A stream lives for
 * hours and there may be thousands: every header is kept in memory for as long as it is open.
 */
const STREAM_SECURITY_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-frame-options',
]);

let lastEventId = 0;

/**
 * Event ids rise across every stream of this process (milliseconds, bumped when two fall in the same
 * one), so an id is never reused even after a reconnect. The server does not resume from
 * Last-Event-ID: see live.routes.ts for why nothing is missed without it.
 */
export function nextEventId(now: number = Date.now()): number {
  lastEventId = Math.max(lastEventId + 1, now);
  return lastEventId;
}

/** One `event:` block. JSON has no raw newlines, so `data` is always a single line. */
export function formatEvent(event: string, data: unknown, id: number): string {
  if (/[\r\n]/.test(event)) throw new Error('An SSE event name cannot contain a line break');
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface SseStream {
  readonly closed: boolean;
  send(event: string, data: unknown): void;
  /** A comment line: keeps proxies and the client's idle detection from closing a quiet stream. */
  heartbeat(): void;
  /** Ends the response and, shortly after, the connection (used when the app shuts down). */
  end(): void;
}

/** Told once, when the stream ends for any reason (client left, end(), write failure). */
export interface SseCloseListener {
  sseClosed(): void;
}

const streamOf = new WeakMap<ServerResponse, SseResponse>();

/**
 * One listener function for every stream's response ('close' when the client goes away as well as
 * after end(), and 'error'): it finds its stream from the response it is called on.
 */
function onResponseEnded(this: ServerResponse): void {
  streamOf.get(this)?.markClosed();
}

/**
 * A class rather than an object of closures: its methods are shared, so an open stream costs only
 * its own few fields (there may be thousands open).
 */
class SseResponse implements SseStream {
  closed = false;

  constructor(
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    private readonly listener: SseCloseListener,
  ) {}

  markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    streamOf.delete(this.response);
    this.listener.sseClosed();
  }

  private write(chunk: string): void {
    if (this.closed) return;
    if (this.response.writableLength > MAX_BUFFERED_BYTES) {
      this.response.destroy();
      return;
    }
    this.response.write(chunk);
  }

  open(): void {
    const { request, response } = this;
    streamOf.set(response, this);
    response.on('close', onResponseEnded);
    // Kept for the stream's whole life: an 'error' without a listener would end the process.
    response.on('error', onResponseEnded);
    request.socket.setNoDelay(true);
    for (const name of response.getHeaderNames()) {
      if (!STREAM_SECURITY_HEADERS.has(name)) response.removeHeader(name);
    }
    for (const [name, value] of Object.entries(SSE_HEADERS)) response.setHeader(name, value);
    response.writeHead(200);
    this.write(`retry: ${SSE_RETRY_MS}\n\n`);
  }

  send(event: string, data: unknown): void {
    this.write(formatEvent(event, data, nextEventId()));
  }

  heartbeat(): void {
    this.write(': heartbeat\n\n');
  }

  end(): void {
    if (this.closed) return;
    const { socket } = this.request;
    // The connection is cut as well: left open as keep-alive it would hold the server's close().
    const cut = setTimeout(() => socket.destroy(), END_GRACE_MS);
    cut.unref();
    this.response.end(() => {
      clearTimeout(cut);
      socket.destroy();
    });
  }
}

export function openSseStream(
  request: IncomingMessage,
  response: ServerResponse,
  listener: SseCloseListener,
): SseStream {
  const stream = new SseResponse(request, response, listener);
  stream.open();
  return stream;
}
