/**
 * The owner's side of the publishing bench: publishing About through the desk's API, and a burst of
 * such publishes run in a process of its own (publish-burst.ts), so the visitors' load, whose
 * latencies the bench measures in its own event loop, never waits behind the owner's requests.
 */
import { fork } from 'node:child_process';

const BURST = new URL('./publish-burst.ts', import.meta.url);

async function adminCall(
  origin: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      cookie,
      'sec-fetch-site': 'same-origin',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** Publishes About with `words` in its text; resolves when the publishing instance answered. */
export async function publishAbout(origin: string, cookie: string, words: string): Promise<void> {
  const document = await adminCall(origin, cookie, 'GET', '/api/admin/content/about');
  const { published } = document.json as {
    published: { revision: number; value: Record<string, unknown> };
  };
  const res = await adminCall(origin, cookie, 'POST', '/api/admin/content/about/publish', {
    baseRevision: published.revision,
    value: { ...published.value, body: `## The latest\n\n${words}\n` },
  });
  if (res.status !== 200)
    throw new Error(`publish answered ${res.status}: ${JSON.stringify(res.json)}`);
}

export interface BurstOrder {
  origin: string;
  cookie: string;
  /** How long to publish one after another. */
  ms: number;
  /** Goes into each publish's words. */
  label: string;
}

/** Publishes one after another for `order.ms` in a child process; resolves with how many. */
export function publishBurst(order: BurstOrder): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = fork(BURST, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let published: number | null = null;
    let failure: string | null = null;
    child.on('message', (message: { published?: number; error?: string }) => {
      if (message.published !== undefined) published = message.published;
      if (message.error) failure = message.error;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (published !== null) resolve(published);
      else reject(new Error(`the publish burst failed: ${failure ?? `exit code ${code}`}`));
    });
    child.send(order);
  });
}
