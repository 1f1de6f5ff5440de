/**
 * The audit log in words (docs/product/desk.md#audit-log): who did what to whom, from an entry's action
 * (`accounts.rank`, or `METHOD /route` for the desk's other actions), its outcome, the account it
 * was on and the details it kept. An action this list does not know reads as the What filter's
 * words for it (#shared/audit-actions), so a new route still shows, only less kindly.
 */
import type { AuditEntryView } from '#shared/admin-security-schemas';
import { auditActionLabel } from '#shared/audit-actions';
import { CONTENT_DOCUMENTS } from '#shared/content-documents';
import { CONTENT_KEYS, type ContentKey } from '#shared/content-parts';
import { isMailList } from '#shared/mail-list-schemas';
import { formatDateTime } from '../../../lib/date-format';
import { pageTitle, plural } from '../admin-format';
import { LIST_LABELS } from '../mail/list-labels';

/** What a sentence needs of an entry (the log's own, or an account timeline's). */
export type AuditSentenceInput = Pick<
  AuditEntryView,
  'action' | 'actorLabel' | 'outcome' | 'details' | 'source'
> & { actorId?: string | null; targetId?: string | null; targetLabel?: string | null };

/** What was done, as "changed the rank of …" (done) and "change the rank of …" (tried). */
interface Phrase {
  done: string;
  tried: string;
}

type Details = Record<string, unknown>;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** "Home, Music and About" from page keys. */
export function pageList(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return 'no page';
  const names = value.map((key) => pageTitle(String(key)) ?? String(key));
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function listName(value: unknown): string {
  const list = text(value);
  return list && isMailList(list) ? LIST_LABELS[list] : (list ?? 'a');
}

function quoted(value: unknown): string {
  const said = text(value);
  return said ? ` “${said}”` : '';
}

/** "About" for a content document's key. */
function documentTitle(value: unknown): string {
  const key = text(value);
  return key && (CONTENT_KEYS as readonly string[]).includes(key)
    ? `“${CONTENT_DOCUMENTS[key as ContentKey].title}”`
    : 'a document';
}

function same(phrase: string, tried = phrase): Phrase {
  return { done: phrase, tried };
}

function describeNamed(action: string, target: string, details: Details): Phrase | null {
  switch (action) {
    case 'admin.login':
      return { done: 'logged in to the desk', tried: 'log in to the desk' };
    case 'mfa.verify':
      return { done: 'entered an authenticator code', tried: 'enter an authenticator code' };
    case 'mfa.enrolment-start':
      return {
        done: 'started setting up an authenticator app',
        tried: 'start setting up an authenticator app',
      };
    case 'mfa.enrolment-confirm':
      return {
        done: 'confirmed a new authenticator app',
        tried: 'confirm a new authenticator app',
      };
    case 'mfa.recovery-codes-replace':
      return { done: 'made new recovery codes', tried: 'make new recovery codes' };
    case 'mfa.reset':
      return {
        done: `reset the authenticator of ${target}`,
        tried: `reset the authenticator of ${target}`,
      };
    case 'accounts.export':
      return { done: 'exported the accounts as CSV', tried: 'export the accounts as CSV' };
    case 'accounts.rank': {
      const rank = num(details.adminRank);
      const previous = num(details.previousAdminRank);
      const change =
        rank === null ? '' : previous === null ? ` to ${rank}` : ` from ${previous} to ${rank}`;
      return {
        done: `changed the rank of ${target}${change}`,
        tried: `change the rank of ${target}${change}`,
      };
    }
    case 'accounts.early-user':
      return details.earlyUser === false
        ? same(`took the early-user mark off ${target}`, `take the early-user mark off ${target}`)
        : same(`marked ${target} as an early user`, `mark ${target} as an early user`);
    case 'accounts.disable': {
      const reason = text(details.reason);
      const why = reason ? ` (“${reason}”)` : '';
      return { done: `disabled ${target}${why}`, tried: `disable ${target}${why}` };
    }
    case 'accounts.enable':
      return { done: `enabled ${target}`, tried: `enable ${target}` };
    case 'accounts.end-sessions': {
      const ended = num(details.endedSessions);
      return {
        done: `ended ${ended === null ? 'the' : plural(ended, 'session', 'sessions')} of ${target}`,
        tried: `end the sessions of ${target}`,
      };
    }
    case 'accounts.resend-verification':
      return {
        done: `sent the verification mail to ${target} again`,
        tried: `send the verification mail to ${target} again`,
      };
    case 'accounts.delete':
      return { done: `deleted ${target}`, tried: `delete ${target}` };
    case 'content.publish':
    case 'content.discard':
    case 'content.restore': {
      const doc = documentTitle(details.document);
      if (action === 'content.publish')
        return { done: `published new words of ${doc}`, tried: `publish new words of ${doc}` };
      if (action === 'content.discard')
        return { done: `discarded their draft of ${doc}`, tried: `discard their draft of ${doc}` };
      return { done: `restored earlier words of ${doc}`, tried: `restore earlier words of ${doc}` };
    }
    case 'content.import':
      return same(
        'published the words of the content folder',
        'publish the words of the content folder',
      );
    case 'mail.release':
      return same(
        'released the mail queue after a restore',
        'release the mail queue after a restore',
      );
    case 'errors.group-state': {
      const what = `the error group ${text(details.errorName) ?? ''}${
        text(details.page) ? ` on ${pageList([details.page])}` : ''
      } ${text(details.state) ?? 'changed'}`.replace(/ {2,}/g, ' ');
      return { done: `marked ${what}`, tried: `mark ${what}` };
    }
    default:
      return null;
  }
}

function describeRoute(action: string, details: Details): Phrase | null {
  const [method, route] = action.split(' ');
  switch (`${method} ${route}`) {
    case 'POST /api/admin/assistant-messages': {
      const at = text(details.startsAt);
      const when = at ? ` from ${formatDateTime(at)}` : '';
      const phrase = `the assistant message${quoted(details.text)} on ${pageList(details.pages)}${when}`;
      return { done: `posted ${phrase}`, tried: `post ${phrase}` };
    }
    case 'DELETE /api/admin/assistant-messages/current':
      return same('cleared the assistant message', 'clear the assistant message');
    case 'PUT /api/admin/assistant-messages/:id':
      return same(
        `changed a scheduled assistant message${quoted(details.text)}`,
        `change a scheduled assistant message${quoted(details.text)}`,
      );
    case 'DELETE /api/admin/assistant-messages/:id':
      return same(
        'cancelled a scheduled assistant message',
        'cancel a scheduled assistant message',
      );
    case 'DELETE /api/admin/errors/:id':
      return same('deleted an error report', 'delete an error report');
    case 'DELETE /api/admin/submissions/:id':
      return same('deleted a submission', 'delete a submission');
    case 'POST /api/admin/product-access/:id/grant': {
      const days = num(details.days);
      const span = days === null ? '' : ` for ${plural(days, 'day', 'days')}`;
      return { done: `granted indicator access${span}`, tried: `grant indicator access${span}` };
    }
    case 'POST /api/admin/product-access/:id/extend': {
      const days = num(details.days);
      const span = days === null ? '' : ` by ${plural(days, 'day', 'days')}`;
      return { done: `extended indicator access${span}`, tried: `extend indicator access${span}` };
    }
    case 'POST /api/admin/product-access/:id/revoke':
      return same('revoked indicator access', 'revoke indicator access');
    case 'POST /api/admin/product-access/:id/removed':
      return same(
        'marked indicator access as removed on TradingView',
        'mark indicator access as removed on TradingView',
      );
    case 'POST /api/admin/newsletters':
      return same(
        `sent the ${listName(details.list)} list the newsletter${quoted(details.subject)}`,
        `send the ${listName(details.list)} list the newsletter${quoted(details.subject)}`,
      );
    case 'POST /api/admin/newsletters/test':
      return same(
        `sent themselves a test of the newsletter${quoted(details.subject)}`,
        `send themselves a test of the newsletter${quoted(details.subject)}`,
      );
    case 'PUT /api/admin/notifications':
      return same(
        `set their notification mails to ${text(details.mode) ?? 'a new choice'}`,
        `set their notification mails to ${text(details.mode) ?? 'a new choice'}`,
      );
    default:
      return null;
  }
}

/** "owner@example.com changed the rank of ann@example.com from 0 to 10". */
export function auditSentence(entry: AuditSentenceInput): string {
  const target =
    entry.targetLabel ??
    (entry.targetId && entry.targetId === entry.actorId ? 'their own account' : 'an account');
  const phrase =
    describeNamed(entry.action, target, entry.details) ??
    describeRoute(entry.action, entry.details);
  const who = entry.source === 'command line' ? 'The command line' : entry.actorLabel;
  // An action without a sentence of its own: who, then the What filter's words for it.
  if (!phrase) {
    const label = auditActionLabel(entry.action);
    return entry.outcome === 'success' ? `${who}: ${label}` : `${who} tried: ${label}`;
  }
  if (entry.outcome === 'success') return `${who} ${phrase.done}`;
  const reason = text(entry.details.reason);
  const because = entry.action !== 'accounts.disable' && reason ? ` (${reason})` : '';
  return `${who} tried to ${phrase.tried}${because}`;
}
