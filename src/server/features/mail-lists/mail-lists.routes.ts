/**
 * The lists' links (docs/product/api.md#mail-list-routes). A GET only reports what a link is
 * for (list, state, the address masked), so a mail scanner that follows links changes nothing; the
 * pages ask with a button, which POSTs. POST /api/mail/unsubscribe?token=… is also RFC 8058's
 * one-click target: mail providers post `List-Unsubscribe=One-Click` as a form from their servers,
 * without cookies (the same-origin check lets requests without Origin or Sec-Fetch-Site through).
 * A token that is unknown, tampered with or used up answers 404 "This link is not valid.".
 */
import { MESSAGES } from '#shared/account-schemas';
import {
  MAIL_LIST_MESSAGES,
  mailMemberSchema,
  mailTokenBodySchema,
  mailTokenQuerySchema,
  maskEmail,
  subscribeAcceptedSchema,
  subscribePayloadSchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
  type MailList,
  type MailMember,
  type MemberState,
} from '#shared/mail-list-schemas';
import type { Kysely } from 'kysely';
import type { App } from '#server/app-types';
import type { Database, MailListMember } from '#server/db/schema';
import type { TokenPurpose } from './list-tokens';
import { memberByToken, setMemberState } from './members.repository';
import {
  CONFIRMATIONS_PER_ADDRESS,
  listContext,
  requestSubscription,
} from './subscriptions.service';
import { ApiError } from '#server/plugins/errors';
import { enforceRateLimits, readRateLimit, type RateLimitRule } from '#server/plugins/rate-limit';
import { backgroundTasks } from '#server/background-tasks';
import { clientNetwork } from '#server/plugins/client-network';

/** The "subscribe again" form: a person tries once or twice; a script trying addresses is refused. */
export const SUBSCRIBE_PER_ADDRESS: RateLimitRule = {
  name: 'mail-list-subscribe:address',
  limit: 10,
  windowMs: 60 * 60_000,
};

/** RFC 8058 bodies are tiny (`List-Unsubscribe=One-Click`). */
const FORM_BODY_LIMIT = 2048;

function view(member: MailListMember): MailMember {
  return {
    list: member.list as MailList,
    state: member.state as MemberState,
    email: maskEmail(member.email),
  };
}

function linkInvalid(): ApiError {
  return new ApiError('not-found', MAIL_LIST_MESSAGES.linkInvalid, 'token');
}

/**
 * Sets the newsletter switch (users.subscribed_to_newsletter, the user info's field) of the accounts a
 * newsletter member belongs to, by its account or its address, to `subscribed`; returns the accounts
 * changed. The accounts domain owns that column, so app.ts hands its function over.
 */
export type SyncNewsletterWish = (
  db: Kysely<Database>,
  member: { email: string; userId: string | null },
  subscribed: boolean,
) => Promise<string[]>;

export interface MailListsRoutesOptions {
  syncNewsletterWish: SyncNewsletterWish;
}

export async function mailListsRoutes(
  app: App,
  { syncNewsletterWish }: MailListsRoutesOptions,
): Promise<void> {
  const inBackground = backgroundTasks(app, 'mail list subscribe request');

  // Only these routes take forms: the one-click POST of RFC 8058, urlencoded or (its SHOULD)
  // multipart. The token is in the query, so a multipart body is not even read into fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );

  async function member(token: string, purpose: TokenPurpose): Promise<MailListMember> {
    const context = await listContext(app.db, app.config);
    const found = await memberByToken(app.db, context.secret, token, purpose);
    if (!found) throw linkInvalid();
    return found;
  }

  /** Moves the token's member to `state` and keeps an account's newsletter switch in step. */
  async function change(
    token: string,
    purpose: TokenPurpose,
    state: MemberState,
  ): Promise<MailMember> {
    const context = await listContext(app.db, app.config);
    const { changed, users } = await app.db.transaction().execute(async (trx) => {
      const found = await memberByToken(trx, context.secret, token, purpose);
      if (!found) return { changed: null, users: [] };
      const updated = found.state === state ? found : await setMemberState(trx, found.id, state);
      // The account's switch follows what the member did through a mail's link.
      const users =
        updated.list === 'newsletter'
          ? await syncNewsletterWish(
              trx,
              { email: updated.email, userId: updated.user_id },
              state === 'subscribed',
            )
          : [];
      return { changed: updated, users };
    });
    if (!changed) throw linkInvalid();
    for (const userId of users) await app.live.publish({ kind: 'user', userId });
    return view(changed);
  }

  app.get(
    '/api/mail/unsubscribe',
    { schema: { querystring: mailTokenQuerySchema, response: { 200: mailMemberSchema } } },
    async (request) => view(await member(request.query.token, 'unsubscribe')),
  );

  app.post(
    '/api/mail/unsubscribe',
    {
      schema: {
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema,
        response: { 200: mailMemberSchema },
      },
    },
    async (request) => {
      const token = request.query.token ?? request.body?.token;
      if (!token) throw linkInvalid();
      return change(token, 'unsubscribe', 'unsubscribed');
    },
  );

  /**
   * "Subscribe again" from an unsubscribe link: a new confirmation mail to the member's address, as
   * a first subscription gets, never the subscription itself. The link is in every newsletter,
   * which readers forward; whoever holds it may leave the list for its member, but only the
   * mailbox may join it (docs/product/mail.md#mail-list-link-pages).
   */
  app.post(
    '/api/mail/resubscribe',
    { schema: { body: mailTokenBodySchema, response: { 200: mailMemberSchema } } },
    async (request, reply) => {
      const context = await listContext(app.db, app.config);
      const found = await memberByToken(app.db, context.secret, request.body.token, 'unsubscribe');
      if (!found) throw linkInvalid();
      const outcome = await app.db.transaction().execute((trx) =>
        requestSubscription(trx, context, {
          list: found.list as MailList,
          email: found.email,
          userId: found.user_id,
        }),
      );
      if (outcome === 'limited') {
        const wait = await readRateLimit(app.db, CONFIRMATIONS_PER_ADDRESS, found.email);
        reply.header('retry-after', String(wait.retryAfterSeconds));
        throw new ApiError('resource-exhausted', MESSAGES.tooManyAttempts);
      }
      if (outcome === 'confirmation-queued') app.mail.kick();
      return view(
        (await memberByToken(app.db, context.secret, request.body.token, 'unsubscribe'))!,
      );
    },
  );

  app.get(
    '/api/mail/confirm',
    { schema: { querystring: mailTokenQuerySchema, response: { 200: mailMemberSchema } } },
    async (request) => view(await member(request.query.token, 'confirm')),
  );

  app.post(
    '/api/mail/confirm',
    { schema: { body: mailTokenBodySchema, response: { 200: mailMemberSchema } } },
    async (request) => change(request.body.token, 'confirm', 'subscribed'),
  );

  app.post(
    '/api/mail/subscribe',
    { schema: { body: subscribePayloadSchema, response: { 202: subscribeAcceptedSchema } } },
    async (request, reply) => {
      const { list, email } = request.body;
      await enforceRateLimits(app.db, reply, [[SUBSCRIBE_PER_ADDRESS, clientNetwork(request.ip)]]);
      // The same answer, at the same speed, whatever the address's state: the work happens after
      // it, so neither the answer nor its timing tells who is on a list.
      inBackground(async () => {
        const context = await listContext(app.db, app.config);
        const outcome = await app.db
          .transaction()
          .execute((trx) => requestSubscription(trx, context, { list: list as MailList, email }));
        if (outcome === 'confirmation-queued') app.mail.kick();
      });
      return reply.code(202).send({ status: 'sent' as const });
    },
  );
}
