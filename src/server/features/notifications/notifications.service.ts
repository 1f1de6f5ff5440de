/**
 * What the notifications domain offers the others (docs/product.md#owner-notifications):
 * `notifyAdmins` records something that needs an answer and queues a mail at once to each admin
 * who chose that, in the caller's transaction (so the mail is queued exactly when the change is
 * stored), and says whether it queued any (the caller kicks the mail queue after its commit);
 * `sendDueDigests` sends each daily admin their digest once a day.
 */
import type { Kysely } from 'kysely';
import { DIGEST_HOUR_UTC } from '#shared/notification-schemas';
import type { Database } from '#server/db/schema';
import { enqueueMail } from '#server/mail/outbox.repository';
import { quotedVisitorText } from '#server/mail/templates';
import { siteName } from '#server/site-content';
import { digestMail, instantMail, type NoticeLine } from './notifications.mails';
import { claimDigest, eventsBetween, insertEvent, usersWithMode } from './notifications.repository';

/** The admins among `userIds`, with their e-mail (the accounts domain's, through app.ts). */
export type FindAdmins = (
  db: Kysely<Database>,
  userIds: string[],
) => Promise<Map<string, { email: string }>>;

export interface Notice extends NoticeLine {
  /** What it is: a submission's type, or `error-group`. */
  kind: string;
}

export async function notifyAdmins(
  db: Kysely<Database>,
  notice: Notice,
  context: { findAdmins: FindAdmins; publicUrl: string },
  now = new Date(),
): Promise<boolean> {
  await insertEvent(db, { kind: notice.kind, summary: notice.summary }, now);
  const instant = await usersWithMode(db, 'instant');
  if (instant.length === 0) return false;
  const admins = await context.findAdmins(
    db,
    instant.map((row) => row.userId),
  );
  const mail = instantMail({ siteName: siteName(), publicUrl: context.publicUrl, notice });
  for (const admin of admins.values())
    await enqueueMail(
      db,
      { to: admin.email, subject: mail.subject, text: mail.text, html: mail.html },
      now,
    );
  return admins.size > 0;
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
        siteName: siteName(),
        publicUrl: context.publicUrl,
        lines: events.map((event) => event.summary),
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

/** The notice of a new submission, by its type (docs/product.md#form-definitions). */
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
