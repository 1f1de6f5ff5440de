/** A loopback port nothing listens on right now (another process may still take it before use). */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
