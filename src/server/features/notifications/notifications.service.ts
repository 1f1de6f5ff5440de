/**
 * What the notifications domain offers the others (docs/product/mail.md#owner-notifications):
 * `notifyAdmins` records something that needs an answer and queues a mail at once to each admin
 * who chose that, in the caller's transaction (so the mail is queued exactly when the change is
 * stored), and says whether it queued any (the caller kicks the mail queue after its commit); past
 * the hourly caps it holds the notice instead, and `sendDueCatchUps` sends those admins the held
 * ones together; `sendDueDigests` sends each daily admin their digest once a day.
 */
import type { Kysely } from 'kysely';
import { DIGEST_HOUR_UTC } from '#shared/notification-schemas';
import type { Database } from '#server/db/schema';
import { enqueueMail } from '#server/mail/outbox.repository';
import { quotedVisitorText } from '#server/mail/templates';
import { siteName } from '#server/features/content/content.service';
import { hitRateLimit, RATE_LIMITS, refundRateLimit } from '#server/plugins/rate-limit';
import { catchUpMail, digestMail, instantMail, type NoticeLine } from './notifications.mails';
import {
  claimCatchUp,
  claimDigest,
  eventsBetween,
  insertEvent,
  usersWithMode,
} from './notifications.repository';

/** The admins among `userIds`, with their email (the accounts domain's, through app.ts). */
export type FindAdmins = (
  db: Kysely<Database>,
  userIds: string[],
) => Promise<Map<string, { email: string }>>;

export interface Notice extends NoticeLine {
  /** What it is: a submission's type, or `error-group`. */
  kind: string;
}

/** The subject of the cap for the whole site. */
const SITE = 'site';

/**
 * Whether a notice of `kind` may be mailed at once: within the hourly caps per kind and for the whole
 * site (docs/product/mail.md#owner-notifications). Counted only when it may, so the caps count mails.
 */
async function mayMailAtOnce(db: Kysely<Database>, kind: string, now: Date): Promise<boolean> {
  const perKind = RATE_LIMITS.noticeMailsPerKind;
  if (!(await hitRateLimit(db, perKind, kind, now)).allowed) {
    await refundRateLimit(db, perKind, kind, now);
    return false;
  }
  if ((await hitRateLimit(db, RATE_LIMITS.noticeMails, SITE, now)).allowed) return true;
  await refundRateLimit(db, RATE_LIMITS.noticeMails, SITE, now);
  await refundRateLimit(db, perKind, kind, now);
  return false;
}

export async function notifyAdmins(
  db: Kysely<Database>,
  notice: Notice,
  context: { findAdmins: FindAdmins; publicUrl: string },
  now = new Date(),
): Promise<boolean> {
  const instant = await usersWithMode(db, 'instant');
  const admins =
    instant.length > 0
      ? await context.findAdmins(
          db,
          instant.map((row) => row.userId),
        )
      : new Map<string, { email: string }>();
  // Past a cap the notice is held: those admins get it with the others held, in one later mail.
  const atOnce = admins.size > 0 && (await mayMailAtOnce(db, notice.kind, now));
  await insertEvent(
    db,
    { kind: notice.kind, summary: notice.summary, held: admins.size > 0 && !atOnce },
    now,
  );
  if (!atOnce) return false;
  const mail = instantMail({ siteName: await siteName(db), publicUrl: context.publicUrl, notice });
  for (const admin of admins.values())
    await enqueueMail(
      db,
      { to: admin.email, subject: mail.subject, text: mail.text, html: mail.html },
      now,
    );
  return true;
}

/**
 * A digest's lines, coalesced by kind: a kind with more than three shows its first two and how many
 * more, so a flood of one kind takes three lines and the rest stay in sight.
 */
export function coalescedLines(events: { kind: string; summary: string }[]): string[] {
  const byKind = new Map<string, string[]>();
  for (const event of events) {
    const summaries = byKind.get(event.kind) ?? [];
    summaries.push(event.summary);
    byKind.set(event.kind, summaries);
  }
  return [...byKind.values()].flatMap((summaries) =>
    summaries.length <= 3
      ? summaries
      : [...summaries.slice(0, 2), `and ${summaries.length - 2} more like these`],
  );
}

/**
 * Sends each daily admin whose digest of today is due (after DIGEST_HOUR_UTC) the events since their
 * last one, when there are any. Returns how many digests it queued. Safe on every instance at once.
 */
export async function sendDueDigests(
  db: Kysely<Database>,
  context: { findAdmins: FindAdmins; publicUrl: string },
  now = new Date(),
): Promise<number> {
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const day = now.toISOString().slice(0, 10);
  const due = (await usersWithMode(db, 'daily')).filter(
    (row) => row.digestDay === null || row.digestDay < day,
  );
  if (due.length === 0) return 0;
  const admins = await context.findAdmins(
    db,
    due.map((row) => row.userId),
  );
  let queued = 0;
  for (const row of due) {
    const admin = admins.get(row.userId);
    if (!admin) continue;
    queued += await db.transaction().execute(async (trx) => {
      if (!(await claimDigest(trx, row.userId, day, row.digestAt, now))) return 0;
      const events = await eventsBetween(trx, row.digestAt, now.toISOString());
      if (events.length === 0) return 0;
      const mail = digestMail({
        siteName: await siteName(trx),
        publicUrl: context.publicUrl,
        count: events.length,
        lines: coalescedLines(events),
      });
      // Due at once, whatever day `now` names.
      await enqueueMail(trx, {
        to: admin.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      return 1;
    });
  }
  return queued;
}

/** An admin on mails at once gets the held notices together at most this often. */
export const CATCH_UP_EVERY_MS = 60 * 60_000;

/**
 * Sends each admin on mails at once the notices held past the caps since their last such mail, at
 * most once an hour, when there are any. Returns how many it queued. Safe on every instance at once.
 */
export async function sendDueCatchUps(
  db: Kysely<Database>,
  context: { findAdmins: FindAdmins; publicUrl: string },
  now = new Date(),
): Promise<number> {
  const due = (await usersWithMode(db, 'instant')).filter(
    (row) => Date.parse(row.digestAt) + CATCH_UP_EVERY_MS <= now.getTime(),
  );
  if (due.length === 0) return 0;
  const admins = await context.findAdmins(
    db,
    due.map((row) => row.userId),
  );
  let queued = 0;
  for (const row of due) {
    const admin = admins.get(row.userId);
    if (!admin) continue;
    queued += await db.transaction().execute(async (trx) => {
      const held = await eventsBetween(trx, row.digestAt, now.toISOString(), { heldOnly: true });
      if (held.length === 0) return 0;
      if (!(await claimCatchUp(trx, row.userId, row.digestAt, now))) return 0;
      const mail = catchUpMail({
        siteName: await siteName(trx),
        publicUrl: context.publicUrl,
        count: held.length,
        lines: coalescedLines(held),
      });
      await enqueueMail(trx, {
        to: admin.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      return 1;
    });
  }
  return queued;
}

const INDICATORS: Record<string, string> = {
  longAndShortPosition: 'Long & Short Position',
  portfolio: 'Portfolio',
};

/** What the visitor wrote in the field, quoted and without live links; '' when nothing. */
function said(values: Record<string, unknown>, key: string): string {
  const value = values[key];
  return typeof value === 'string' && value.trim()
    ? quotedVisitorText(value.trim().slice(0, 80))
    : '';
}

/** The notice of a new submission, by its type (docs/product/forms.md#form-definitions). */
export function submissionNotice(type: string, values: Record<string, unknown>): Notice {
  const indicator = /^products\/indicators\/(\w+)\/(freeTrial|purchase)$/.exec(type);
  if (indicator) {
    const name = INDICATORS[indicator[1]!] ?? indicator[1]!;
    const what = indicator[2] === 'freeTrial' ? 'free trial request' : 'purchase request';
    const title = `New ${what} for ${name}`;
    const user = said(values, 'tradingViewUsername');
    return {
      kind: type,
      section: 'indicator-access',
      title,
      summary: `${title}${user ? ` (TradingView: ${user})` : ''}`,
    };
  }
  const from = (title: string, who: string): Notice => ({
    kind: type,
    section: 'submissions',
    title,
    summary: who ? `${title} from ${who}` : title,
  });
  switch (type) {
    case 'contact':
      return from('New contact message', said(values, 'name'));
    case 'support':
      return from('New support request', said(values, 'email'));
    case 'jobs/lokalaJobb':
      return from('New Lokala jobb enquiry', said(values, 'company'));
    default:
      // The type is one of the site's own forms (the route checked it).
      return from(`New ${type} submission`, '');
  }
}

/** The notice of a new error group: its name is the visitor's, its page one of the site's keys. */
export function errorGroupNotice(group: { errorName: string; page: string | null }): Notice {
  const where = group.page ? ` on the ${group.page} page` : '';
  return {
    kind: 'error-group',
    section: 'error-reports',
    title: `New error${where}`,
    summary: `New error ${quotedVisitorText(group.errorName)}${where}`,
  };
}
