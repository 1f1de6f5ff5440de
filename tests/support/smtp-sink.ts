/**
 * A real SMTP server on 127.0.0.1 for API tests: the app sends through SMTP_URL as it would in
 * production, and tests read the parsed messages back (subject, text, HTML, headers).
 *
 *   const sink = await startSmtpSink();
 *   const server = await startTestServer({ env: { SMTP_URL: sink.url } });
 *   const mail = await sink.waitFor((m) => m.to === 'ada@example.com');
 */
import type { Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The first recipient, lower-cased. */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  receivedAt: number;
}

export interface SmtpSink {
  port: number;
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The first message (already received or arriving within `timeoutMs`) matching `match`. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Messages matching `match` now; use after waiting long enough to be sure none is coming. */
  find: (match: (mail: ReceivedMail) => boolean) => ReceivedMail[];
  /**
   * Makes the sink fail as a mail server does when it is down: `refuse` answers each new
   * connection 421 and closes it, `drop` cuts it before the greeting; `accept()` ends it.
   */
  fail: (mode: 'refuse' | 'drop') => void;
  accept: () => void;
  /** Each message takes this long to be accepted (a slow server; 0 by default). */
  setDelay: (ms: number) => void;
  close: () => Promise<void>;
}

/** Starts the sink on `port` (0: any free port). */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let failing: 'refuse' | 'drop' | null = null;
  let delayMs = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS certificate to trust, no login to configure.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      if (failing !== 'refuse') return callback();
      const refused = Object.assign(new Error('Service not available'), { responseCode: 421 });
      callback(refused);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          // A slow server is the condition under test: the delay is its speed.
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          const firstRecipient = session.envelope.rcptTo[0]?.address ?? '';
          messages.push({
            to: firstRecipient.toLowerCase(),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
            receivedAt: Date.now(),
          });
          for (const wake of [...waiters]) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A connection cut on purpose ends in a socket error the server reports; it is expected here.
  server.on('error', () => undefined);
  server.server.prependListener('connection', (socket: Socket) => {
    if (failing === 'drop') socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  const find = (match: (mail: ReceivedMail) => boolean) => messages.filter(match);

  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    messages,
    find,
    waitFor: (match, timeoutMs = 10_000) =>
      new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        waiters.add(wake);
        check();
      }),
    fail: (mode) => {
      failing = mode;
    },
    accept: () => {
      failing = null;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return link;
}
