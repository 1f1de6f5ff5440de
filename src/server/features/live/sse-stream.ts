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
  /** Runs once, when the stream ends for any reason (client left, end(), write failure). */
  onClose(callback: () => void): void;
}

export function openSseStream(
  request: IncomingMessage,
  response: ServerResponse,
  /** Headers the app's hooks already set on the reply (security headers and the like). */
  headers: Record<string, string | number | string[] | undefined>,
): SseStream {
  let closed = false;
  const closeCallbacks: (() => void)[] = [];

  const markClosed = () => {
    if (closed) return;
    closed = true;
    for (const callback of closeCallbacks.splice(0)) callback();
  };
  // The response's 'close' fires when the client goes away as well as after end(): one place to clean up.
  response.once('close', markClosed);
  // Kept for the stream's whole life: an 'error' without a listener would end the process.
  response.on('error', markClosed);

  const write = (chunk: string) => {
    if (closed) return;
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      response.destroy();
      return;
    }
    response.write(chunk);
  };

  request.socket.setNoDelay(true);
  for (const [name, value] of Object.entries({ ...headers, ...SSE_HEADERS })) {
    if (value !== undefined) response.setHeader(name, value);
  }
  response.writeHead(200);
  write(`retry: ${SSE_RETRY_MS}\n\n`);

  return {
    get closed() {
      return closed;
    },
    send(event, data) {
      write(formatEvent(event, data, nextEventId()));
    },
    heartbeat() {
      write(': heartbeat\n\n');
    },
    end() {
      if (closed) return;
      const { socket } = request;
      // The connection is cut as well: left open as keep-alive it would hold the server's close().
      const cut = setTimeout(() => socket.destroy(), END_GRACE_MS);
      cut.unref();
      response.end(() => {
        clearTimeout(cut);
        socket.destroy();
      });
    },
    onClose(callback) {
      if (closed) callback();
      else closeCallbacks.push(callback);
    },
  };
}
