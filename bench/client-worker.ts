/**
 * One client process of the fan-out bench (forked by client-pool.ts; the pool spreads the clients
 * over a few of these so one process's event loop does not delay every receipt). It holds SSE
 * clients and records when each `assistant` event arrives, and it drives POST load for the visit
 * throughput figure. Every socket is bound to the loopback source address it is given, so the
 * server sees each client as its own address (as it would see visitors), with its settings unchanged.
 *
 * Times are process.hrtime (CLOCK_MONOTONIC, one clock for every process on the machine) in
 * nanoseconds as plain numbers, so the parent can subtract its own start time from them.
 */
import net from 'node:net';
import { now } from './clock.ts';
import { errorMessage } from './timeout.ts';

export type WorkerRequest =
  | { op: 'open'; url: string; addresses: string[]; timeoutMs: number }
  | { op: 'collect'; id: string; timeoutMs: number }
  | { op: 'close' }
  | {
      op: 'load';
      url: string;
      body: string;
      headers: Record<string, string>;
      addresses: string[];
      warmupMs: number;
      durationMs: number;
    };

export type WorkerReply =
  | { op: 'opened'; open: number; errors: string[] }
  | {
      op: 'collected';
      id: string;
      /** Per stream URL: arrival times of the event with `id`, and how many clients lack it. */
      byUrl: Record<string, { times: number[]; missing: number }>;
      /** Clients whose stream closed since they opened. */
      dropped: number;
    }
  | { op: 'closed' }
  | { op: 'loaded'; completed: number; statuses: Record<string, number>; errors: string[] };

interface SseClient {
  url: string;
  socket: net.Socket;
  /** Message id → when the event carrying it arrived (first arrival). */
  arrivals: Map<string, number>;
  closed: boolean;
}

const clients = new Set<SseClient>();
/** How many open clients received each message id (checked against clients.size). */
const receivedCount = new Map<string, number>();
/** Waiters for "every open client has this id", woken when a count reaches clients.size or a stream drops. */
const waiters = new Set<() => void>();
let dropped = 0;

/**
 * One SSE client on a plain TCP socket: the request is written by hand and the response scanned
 * for event blocks, without Node's HTTP client and stream layers, so that a thousand sockets in
 * one process add as little of their own delay to the receipts as they can. (The response is
 * chunked; the chunk-size lines between events are lines the event parser ignores.)
 */
function openClient(url: URL, localAddress: string, timeoutMs: number): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    let ready = false;
    let headersDone = false;
    let buffer = '';
    const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress });
    const client: SseClient = { url: url.href, socket, arrivals: new Map(), closed: false };
    const fail = (message: string) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`${localAddress}: ${message}`));
    };
    const timer = setTimeout(() => {
      fail(`no assistant event within ${timeoutMs / 1000} s`);
      socket.destroy();
    }, timeoutMs);
    // Latin-1 decodes any byte as one character: cheap, and the ids looked for are ASCII.
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: string) => {
      const at = now();
      buffer += chunk;
      if (!headersDone) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        if (!buffer.startsWith('HTTP/1.1 200 ')) {
          fail(buffer.slice(0, buffer.indexOf('\r\n')));
          socket.destroy();
          return;
        }
        headersDone = true;
        buffer = buffer.slice(end + 4);
      }
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = assistantMessageId(block);
        if (id === undefined) continue;
        if (!ready) {
          ready = true;
          clearTimeout(timer);
          resolve(client);
        }
        if (id !== null && !client.arrivals.has(id)) {
          client.arrivals.set(id, at);
          const count = (receivedCount.get(id) ?? 0) + 1;
          receivedCount.set(id, count);
          if (count >= clients.size) for (const wake of waiters) wake();
        }
      }
    });
    socket.on('error', (error) => fail(error.message));
    socket.on('close', () => {
      client.closed = true;
      if (ready && clients.delete(client)) {
        dropped++;
        for (const wake of waiters) wake();
      }
      fail('closed before its first event');
    });
  });
}

/** The message id of an `assistant` event block; null for `{message: null}`; undefined for other blocks. */
function assistantMessageId(block: string): string | null | undefined {
  let event = '';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data = line.slice(6);
  }
  if (event !== 'assistant') return undefined;
  try {
    const parsed = JSON.parse(data) as { message: { id: string } | null };
    return parsed.message?.id ?? null;
  } catch {
    return undefined;
  }
}

async function open(
  request: Extract<WorkerRequest, { op: 'open' }>,
): Promise<Extract<WorkerReply, { op: 'opened' }>> {
  const url = new URL(request.url);
  const errors: string[] = [];
  // A few connects at a time: a burst of thousands would only measure the accept queue.
  const queue = [...request.addresses];
  const connect = async () => {
    for (let address = queue.shift(); address; address = queue.shift()) {
      try {
        clients.add(await openClient(url, address, request.timeoutMs));
      } catch (error) {
        errors.push(errorMessage(error));
      }
    }
  };
  await Promise.all(Array.from({ length: 25 }, connect));
  return { op: 'opened', open: clients.size, errors: errors.slice(0, 5) };
}

function collect(
  request: Extract<WorkerRequest, { op: 'collect' }>,
): Promise<Extract<WorkerReply, { op: 'collected' }>> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      waiters.delete(check);
      const byUrl: Record<string, { times: number[]; missing: number }> = {};
      for (const client of clients) {
        const group = (byUrl[client.url] ??= { times: [], missing: 0 });
        const at = client.arrivals.get(request.id);
        if (at === undefined) group.missing++;
        else group.times.push(at);
      }
      resolve({ op: 'collected', id: request.id, byUrl, dropped });
    };
    const check = () => {
      for (const client of clients) if (!client.arrivals.has(request.id)) return;
      finish();
    };
    const timer = setTimeout(finish, request.timeoutMs);
    waiters.add(check);
    check();
  });
}

async function closeAll(): Promise<Extract<WorkerReply, { op: 'closed' }>> {
  const all = [...clients];
  clients.clear();
  await Promise.all(
    all.map(
      (client) =>
        new Promise<void>((resolve) => {
          if (client.closed) return resolve();
          client.socket.once('close', () => resolve());
          client.socket.destroy();
        }),
    ),
  );
  dropped = 0;
  receivedCount.clear();
  return { op: 'closed' };
}

/** Where an answer's head ends, its status and its body's length; null while the head is incomplete. */
function answerHead(buffered: string): { status: number; end: number } | null {
  const headEnd = buffered.indexOf('\r\n\r\n');
  if (headEnd === -1) return null;
  const head = buffered.slice(0, headEnd);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  return { status: Number(head.slice(9, 12)), end: headEnd + 4 + Number(length?.[1] ?? 0) };
}

/**
 * One keep-alive connection per address, each sending its next POST as soon as the last one was
 * answered, for warmupMs (not counted) and then durationMs (answers counted by status). Like the SSE
 * clients, each is a plain TCP socket: the request is written as the same bytes every time and an
 * answer is read by its status line and Content-Length, so the clients, which share the machine's
 * cores with the server, spend far less per request than the server they measure (Node's HTTP
 * client spent more than the server did).
 */
async function load(
  request: Extract<WorkerRequest, { op: 'load' }>,
): Promise<Extract<WorkerReply, { op: 'loaded' }>> {
  const url = new URL(request.url);
  const start = Date.now();
  const countFrom = start + request.warmupMs;
  const stopAt = countFrom + request.durationMs;
  const statuses: Record<string, number> = {};
  const errors: string[] = [];
  let completed = 0;
  const headers = {
    host: url.host,
    ...request.headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(request.body)),
  };
  const message = Buffer.from(
    `POST ${url.pathname}${url.search} HTTP/1.1\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `\r\n${request.body}`,
  );

  const user = (localAddress: string) =>
    new Promise<void>((resolve) => {
      const connect = () => {
        let buffered = '';
        const socket = net.connect({
          host: url.hostname,
          port: Number(url.port),
          localAddress,
          noDelay: true,
        });
        const sendNext = () => {
          if (Date.now() < stopAt) socket.write(message);
          else socket.end();
        };
        socket.once('connect', sendNext);
        socket.on('data', (chunk: Buffer) => {
          buffered += chunk.toString('latin1');
          for (let answer = answerHead(buffered); answer; answer = answerHead(buffered)) {
            if (buffered.length < answer.end) return;
            buffered = buffered.slice(answer.end);
            const at = Date.now();
            if (at >= countFrom && at < stopAt) {
              completed++;
              statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
            }
            sendNext();
          }
        });
        socket.on('error', (error) => {
          if (errors.length < 5) errors.push(`${localAddress}: ${errorMessage(error)}`);
        });
        // A connection the server closed (or that failed) is opened again while the run lasts.
        socket.once('close', (failed) => {
          if (Date.now() >= stopAt) resolve();
          else setTimeout(connect, failed ? 10 : 0);
        });
      };
      connect();
    });

  await Promise.all(request.addresses.map(user));
  return { op: 'loaded', completed, statuses, errors };
}

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  switch (request.op) {
    case 'open':
      return open(request);
    case 'collect':
      return collect(request);
    case 'close':
      return closeAll();
    case 'load':
      return load(request);
  }
}

process.on('message', (message: { seq: number; request: WorkerRequest }) => {
  void handle(message.request).then(
    (reply) => process.send?.({ seq: message.seq, reply }),
    (error: unknown) =>
      process.send?.({
        seq: message.seq,
        error: errorMessage(error),
      }),
  );
});
// The parent went away: nothing left to measure.
process.on('disconnect', () => process.exit(0));
