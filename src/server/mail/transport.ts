/**
 * Where queued mail goes: the SMTP server at SMTP_URL, or, when none is set, .eml files in
 * DATA_DIR/outbox with one log line each naming the file and the mail's link (so a self-hoster
 * without SMTP can still hand a reset link to its owner).
 */
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config';
import type { OutboxMail } from '#server/db/schema';
import { makePrivateDir, PRIVATE_FILE_MODE } from '#server/private-files';

export interface MailTransport {
  send(mail: OutboxMail): Promise<void>;
  close(): void;
}

export const OUTBOX_DIR_NAME = 'outbox';

function messageOf(mail: OutboxMail, from: string) {
  return {
    from,
    to: mail.to_address,
    subject: mail.subject,
    text: mail.text_body,
    ...(mail.html_body ? { html: mail.html_body } : {}),
    ...(mail.headers ? { headers: JSON.parse(mail.headers) as Record<string, string> } : {}),
  };
}

function firstLink(text: string): string | undefined {
  return /https?:\/\/\S+/.exec(text)?.[0];
}

/**
 * `senderName` gives the site's name as published now, for the sender when MAIL_FROM is unset
 * (`<site name> <no-reply@localhost>`).
 */
export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: FastifyBaseLogger,
  senderName: () => Promise<string>,
): MailTransport {
  const from = async () => config.mailFrom ?? `${await senderName()} <no-reply@localhost>`;
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      // A send must end well before the worker's lease does (mail-worker.ts).
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await smtp.sendMail(messageOf(mail, await from()));
      },
      close: () => smtp.close(),
    };
  }

  const directory = join(config.dataDir, OUTBOX_DIR_NAME);
  const writer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const info = await writer.sendMail(messageOf(mail, await from()));
      makePrivateDir(directory);
      const file = join(directory, `${mail.created_at.replace(/[:.]/g, '-')}-${mail.id}.eml`);
      // Written beside, then renamed: whoever watches the outbox never reads half a message.
      await writeFile(`${file}.partial`, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      await rename(`${file}.partial`, file);
      const link = firstLink(mail.text_body);
      log.info(`Mail written to ${file}${link ? `: ${link}` : ''}`);
    },
    close: () => writer.close(),
  };
}
