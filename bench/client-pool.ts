/**
 * The fan-out bench's clients, spread over a few child processes (client-worker.ts): the SSE
 * clients of a run are dealt round-robin over them, and visit load runs in all of them at once.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { WorkerReply, WorkerRequest } from './client-worker.ts';
import { once } from './server.ts';

const WORKER = new URL('./client-worker.ts', import.meta.url);

type ReplyTo<R extends WorkerRequest> = Extract<
  WorkerReply,
  {
    op: { open: 'opened'; collect: 'collected'; close: 'closed'; load: 'loaded' }[R['op']];
  }
>;

export interface ClientWorker {
  ask<R extends WorkerRequest>(request: R): Promise<ReplyTo<R>>;
  stop(): Promise<void>;
}

function startWorker(): ClientWorker {
  const child: ChildProcess = fork(WORKER, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let seq = 0;
  const pending = new Map<
    number,
    { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }
  >();
  child.on('message', (message: { seq: number; reply?: WorkerReply; error?: string }) => {
    const waiter = pending.get(message.seq);
    if (!waiter) return;
    pending.delete(message.seq);
    if (message.reply) waiter.resolve(message.reply);
    else waiter.reject(new Error(`client process: ${message.error ?? 'no answer'}`));
  });
  child.on('exit', (code, signal) => {
    for (const waiter of pending.values())
      waiter.reject(new Error(`a client process exited (${signal ?? `code ${code}`})`));
    pending.clear();
  });
  return {
    ask(request) {
      return new Promise((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          reject(new Error('a client process has exited'));
          return;
        }
        const id = ++seq;
        pending.set(id, { resolve: resolve as (reply: WorkerReply) => void, reject });
        child.send({ seq: id, request });
      });
    },
    stop: once(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }),
  };
}

export interface ClientPool {
  workers: ClientWorker[];
  stop(): Promise<void>;
}

export function startClientPool(size: number): ClientPool {
  const workers = Array.from({ length: size }, startWorker);
  return { workers, stop: async () => void (await Promise.all(workers.map((w) => w.stop()))) };
}

/**
 * Distinct loopback source addresses (127.0.0.0/8 is all loopback on Linux): `count` of them in the
 * block 127.`block`.x.y, skipping host parts 0 and 255.
 */
export function loopbackAddresses(block: number, count: number, from = 0): string[] {
  const addresses: string[] = [];
  for (let i = from; i < from + count; i++) {
    const third = Math.floor(i / 254);
    if (third > 255) throw new Error(`no more than ${256 * 254} addresses in one block`);
    addresses.push(`127.${block}.${third}.${(i % 254) + 1}`);
  }
  return addresses;
}

/** Deals `items` round-robin into `parts` lists. */
export function deal<T>(items: T[], parts: number): T[][] {
  const lists: T[][] = Array.from({ length: parts }, () => []);
  items.forEach((item, i) => lists[i % parts]!.push(item));
  return lists;
}
