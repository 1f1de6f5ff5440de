/**
 * One signed-in device as the sync part drives it (sync-latency.ts): it holds the account's live
 * stream (GET /api/live?page=nowou, as Nowou's page does) and, on every `nowou` event, pulls after
 * its cursor until nothing more waits, as the app's sync round does (docs/product/nowou.md#nowou-sync); an
 * event during a pull makes one more pull after it. What it pulls it keeps (version and copy of
 * each item), and it wakes whoever waits for a change to arrive, with the time it did.
 */
import http from 'node:http';
import type { Todo } from '#shared/nowou-records';
import { now } from './clock.ts';
import { pull } from './sync-accounts.ts';

export interface Known {
  seq: number;
  value: Todo;
}

interface Waiter {
  title: string;
  resolve: (at: number) => void;
}

export class Device {
  cursor = 0;
  pulls = 0;
  readonly known = new Map<string, Known>();
  readonly errors: string[] = [];
  private readonly waiters = new Map<string, Waiter>();
  private pulling: Promise<void> | null = null;
  private again = false;
  private stream: http.ClientRequest | null = null;

  constructor(
    readonly origin: string,
    readonly instance: string,
    readonly cookie: string,
    readonly address: string,
    /** The device id its pushes carry. */
    readonly id: string,
  ) {}

  /** Opens the live stream; resolves on its first `user` event (the stream knows its owner). */
  open(timeoutMs = 15_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        request.destroy();
        reject(new Error(`${this.address}: no user event within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const request = http.request(new URL('/api/live?page=nowou', this.origin), {
        agent: false,
        localAddress: this.address,
        headers: { accept: 'text/event-stream', cookie: this.cookie },
      });
      this.stream = request;
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          clearTimeout(timer);
          reject(new Error(`${this.address}: GET /api/live answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let pending = '';
        let opened = false;
        response.on('data', (chunk: string) => {
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) !== -1) {
            const event = /^event: ?(.*)$/m.exec(pending.slice(0, end))?.[1];
            pending = pending.slice(end + 2);
            if (event === 'nowou') this.requestPull();
            else if (event === 'user' && !opened) {
              opened = true;
              clearTimeout(timer);
              resolve();
            }
          }
        });
        response.on('close', () => {
          if (this.stream === request) this.errors.push(`${this.address}: the live stream ended`);
        });
      });
      request.end();
    });
  }

  close(): void {
    const stream = this.stream;
    this.stream = null;
    stream?.destroy();
  }

  /** Resolves with the time the copy titled `title` of `key` was pulled. */
  expect(key: string, title: string): Promise<number> {
    return new Promise((resolve) => this.waiters.set(key, { title, resolve }));
  }

  forget(key: string): void {
    this.waiters.delete(key);
  }

  /** A pull soon: now, or once more after the one under way. */
  requestPull(): Promise<void> {
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = this.pullRounds().finally(() => (this.pulling = null));
    return this.pulling;
  }

  private async pullRounds(): Promise<void> {
    do {
      this.again = false;
      try {
        for (;;) {
          const page = await pull(this.origin, this.cookie, this.cursor, this.address);
          const at = now();
          this.pulls += 1;
          for (const { key, seq, value } of page.items) {
            const todo = value as Todo;
            this.known.set(key, { seq, value: todo });
            const waiter = this.waiters.get(key);
            if (waiter && todo.title === waiter.title) {
              this.waiters.delete(key);
              waiter.resolve(at);
            }
          }
          this.cursor = page.cursor;
          if (!page.more) break;
        }
      } catch (error) {
        this.errors.push(`${this.address}: ${error instanceof Error ? error.message : error}`);
      }
    } while (this.again);
  }
}
