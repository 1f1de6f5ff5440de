/**
 * A TCP relay on a loopback port in front of a real server, which a test can cut as a network does:
 * `cut()` stops every byte both ways on the open connections and leaves new ones unanswered (a
 * partition, not a refusal); `heal()` lets the held bytes through again. Used in front of a private
 * PostgreSQL (tests/support/private-postgres.ts) for "unreachable for a minute".
 */
import { createServer, connect, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let cutOff = false;
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const unanswered = new Set<Socket>();
  const server = createServer((client) => {
    client.on('error', () => undefined);
    if (cutOff) {
      unanswered.add(client);
      client.on('close', () => unanswered.delete(client));
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on('error', () => undefined);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the relay has no port');
  return {
    port: address.port,
    cut() {
      cutOff = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    heal() {
      cutOff = false;
      for (const { client, upstream } of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        upstream.resume();
      }
      // Those that were never answered have given up by now; they reconnect through the relay.
      for (const socket of unanswered) socket.destroy();
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      for (const socket of unanswered) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
