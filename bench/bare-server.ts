/**
 * The baselines the fan-out bench compares the site with, measured in the same run: a bare Fastify
 * app with nothing but what each figure needs. Started as its own process (like the site's server)
 * on PORT and HOST:
 *   POST /visits   answers 204: the floor for POST /api/visits (JSON body parsed, no storage);
 *   GET  /live     a Server-Sent Events stream that opens with `assistant` {message: null};
 *   POST /send     `{id}` writes one `assistant` event with that id to every open stream, then 204:
 *                  the floor for the site's fan-out (no session, no storage read, no bus).
 */
import Fastify from 'fastify';
import type { ServerResponse } from 'node:http';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';

const app = Fastify({ logger: false });
const streams = new Set<ServerResponse>();

function event(id: number, data: unknown): string {
  return `id: ${id}\nevent: assistant\ndata: ${JSON.stringify(data)}\n\n`;
}

let eventId = 0;

app.get('/api/health', async () => ({ status: 'ok' }));

app.post('/visits', async (_request, reply) => reply.code(204).send());

app.get('/live', (request, reply) => {
  reply.hijack();
  const response = reply.raw;
  request.raw.socket.setNoDelay(true);
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  response.write(event(++eventId, { message: null }));
  streams.add(response);
  response.once('close', () => streams.delete(response));
});

app.post<{ Body: { id: string } }>('/send', async (request, reply) => {
  const { id } = request.body;
  for (const response of streams) {
    response.write(
      event(++eventId, { message: { id, text: 'bench', createdAtUTC: '', pages: [] } }),
    );
  }
  return reply.code(204).send();
});

const stop = () => {
  for (const response of streams) response.destroy();
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await app.listen({ port, host });
