/**
 * Mail on the owner's desk: how many people each list has (confirmed, waiting to confirm,
 * unsubscribed), a plain-text newsletter written, previewed and sent to a list's confirmed members
 * through the mail queue, and each sent newsletter's progress, checked every 2 seconds while any
 * of its mails are still queued. Texts are shown as text; the server escapes them into the mail.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  MAIL_LIST_INFO,
  MAIL_LISTS,
  NEWSLETTER_TEXT_MAX,
  newsletterPayloadSchema,
  type MailList,
  type Newsletter,
  type NewsletterPayload,
} from '#shared/mail-list-schemas';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/form/Field';
import { FormMessage } from '../../ui/form/FormMessage';
import type { DeskSectionEntry } from './AdminDesk';
import { formatDateTime, plural } from './admin-format';
import { fetchMailListCounts, fetchNewsletters, postNewsletter, type ListCount } from './api';
import { DeskLoadFailed, DeskLoading } from './DeskSection';
import { messageOf, useAdminData } from './use-admin-data';
import '../mail-lists/mail-lists.css';

/** While a newsletter is being sent, its progress is read again this often… */
export const PROGRESS_POLL_MS = 2000;
/** …and at least this often while nothing moves. */
export const PROGRESS_POLL_MAX_MS = 60_000;

const LIST_LABELS: Record<MailList, string> = {
  newsletter: 'Newsletter',
  lokalaJobb: 'Lokala jobb (Swedish)',
  pitches: 'Pitches (new work)',
};

export function MailSection() {
  const counts = useAdminData(fetchMailListCounts);
  const newsletters = useAdminData(fetchNewsletters);
  const { setData: showNewsletters } = newsletters;
  const sending = newsletters.data?.some((n) => n.queued > 0) ?? false;

  // Progress while any mail is queued: one read every 2 s, slowing down (to a minute at most) while
  // nothing moves, e.g. when the mail server is down and the queue waits to retry.
  const [round, setRound] = useState(0);
  const [stale, setStale] = useState(0);
  const lastProgress = useRef(-1);
  useEffect(() => {
    if (!sending) return;
    const controller = new AbortController();
    const delay = Math.min(PROGRESS_POLL_MS * 2 ** stale, PROGRESS_POLL_MAX_MS);
    const timer = setTimeout(() => {
      fetchNewsletters(controller.signal)
        .then((list) => {
          if (controller.signal.aborted) return;
          showNewsletters(list);
          const progress = list.reduce((sum, n) => sum + n.sent + n.failed, 0);
          setStale((count) => (progress === lastProgress.current ? count + 1 : 0));
          lastProgress.current = progress;
        })
        // A failed read keeps the last figures on screen; the next round tries again.
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setRound((n) => n + 1);
        });
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [sending, round, stale, showNewsletters]);

  return (
    <div className="mail-desk">
      <ListCounts counts={counts.data} error={counts.error} onRetry={counts.reload} />
      <NewsletterComposer
        counts={counts.data}
        onSent={(newsletter) => {
          showNewsletters([newsletter, ...(newsletters.data ?? [])]);
          counts.reload();
        }}
      />
      <SentNewsletters
        newsletters={newsletters.data}
        error={newsletters.error}
        onRetry={newsletters.reload}
      />
    </div>
  );
}

function ListCounts({
  counts,
  error,
  onRetry,
}: {
  counts: ListCount[] | undefined;
  error: string | null;
  onRetry: () => void;
}) {
  if (counts === undefined)
    return error ? (
      <DeskLoadFailed message={error} onRetry={onRetry} />
    ) : (
      <DeskLoading label="Loading the mail lists…" size="sm" />
    );
  return (
    <table className="mail-counts">
      <caption className="mail-counts__caption">Members of each list</caption>
      <thead>
        <tr>
          <th scope="col">List</th>
          <th scope="col" className="mail-counts__number">
            Confirmed
          </th>
          <th scope="col" className="mail-counts__number">
            Waiting to confirm
          </th>
          <th scope="col" className="mail-counts__number">
            Unsubscribed
          </th>
        </tr>
      </thead>
      <tbody>
        {counts.map((row) => (
          <tr key={row.list}>
            <th scope="row">{LIST_LABELS[row.list]}</th>
            <td className="mail-counts__number">{row.subscribed.toLocaleString('en')}</td>
            <td className="mail-counts__number">{row.pending.toLocaleString('en')}</td>
            <td className="mail-counts__number">{row.unsubscribed.toLocaleString('en')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type ComposerField = 'subject' | 'text' | 'list';

interface Problem {
  field: ComposerField | null;
  message: string;
}

function asField(name: string | undefined): ComposerField | null {
  return name === 'subject' || name === 'text' || name === 'list' ? name : null;
}

/** The first problem the shared schema finds, or null when the newsletter can be sent. */
export function checkNewsletter(payload: NewsletterPayload): Problem | null {
  const result = newsletterPayloadSchema.safeParse(payload);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { field: asField(issue?.path.map(String)[0]), message: issue?.message ?? 'Invalid.' };
}

/** The owner's text as the mail shows it: paragraphs split at blank lines. */
function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => paragraph.split('\n'));
}

function NewsletterComposer({
  counts,
  onSent,
}: {
  counts: ListCount[] | undefined;
  onSent: (newsletter: Newsletter) => void;
}) {
  const listId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  const [list, setList] = useState<MailList>('newsletter');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sendingNow, setSendingNow] = useState(false);
  const [queued, setQueued] = useState<Newsletter | null>(null);

  const confirmed = counts?.find((row) => row.list === list)?.subscribed;

  useEffect(() => {
    const form = formRef.current;
    if (!form || !problem?.field) return;
    form.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
  }, [problem]);

  useEffect(() => {
    if (previewing) previewRef.current?.focus();
  }, [previewing]);

  function edit(change: () => void, field: ComposerField) {
    change();
    setPreviewing(false);
    setQueued(null);
    setProblem((p) => (p?.field === field ? null : p));
  }

  function preview(event: FormEvent) {
    event.preventDefault();
    setQueued(null);
    const found = checkNewsletter({ list, subject, text });
    setProblem(found);
    setPreviewing(!found);
  }

  async function send() {
    if (sendingNow) return;
    setSendingNow(true);
    setProblem(null);
    try {
      const newsletter = await postNewsletter({ list, subject, text });
      setQueued(newsletter);
      setPreviewing(false);
      setSubject('');
      setText('');
      onSent(newsletter);
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? { field: asField(error.field), message: error.message }
          : { field: null, message: messageOf(error) },
      );
    } finally {
      setSendingNow(false);
    }
  }

  const errorFor = (field: ComposerField) => (problem?.field === field ? problem.message : null);
  const info = MAIL_LIST_INFO[list];

  return (
    <div className="mail-composer">
      <h3 className="mail-desk__title">Write a newsletter</h3>
      <form
        ref={formRef}
        className="form mail-composer__form"
        noValidate
        aria-label="New newsletter"
        onSubmit={preview}
      >
        <div className="field">
          <label className="field__label" htmlFor={listId}>
            Send to
          </label>
          <select
            id={listId}
            name="list"
            className="text-input"
            value={list}
            onChange={(event) => edit(() => setList(event.target.value as MailList), 'list')}
          >
            {MAIL_LISTS.map((value) => (
              <option key={value} value={value}>
                {LIST_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Subject"
          name="subject"
          value={subject}
          onValueChange={(value) => edit(() => setSubject(value), 'subject')}
          error={errorFor('subject')}
          autoComplete="off"
        />
        <TextAreaField
          label="Text"
          name="text"
          value={text}
          onValueChange={(value) => edit(() => setText(value), 'text')}
          error={errorFor('text')}
          max={NEWSLETTER_TEXT_MAX}
          rows={8}
          hint={`Plain text; a blank line starts a new paragraph. Each mail ends with why the reader gets it and a one-click unsubscribe link${info.lang === 'sv' ? ', in Swedish' : ''}.`}
        />
        {problem && !problem.field && !previewing && (
          <FormMessage tone="error">{problem.message}</FormMessage>
        )}
        {queued && (
          <FormMessage tone="success">
            {`Queued for ${plural(queued.recipients, 'member', 'members')}. Its progress is below.`}
          </FormMessage>
        )}
        <div className="desk-actions">
          <Button type="submit" variant={previewing ? 'secondary' : 'primary'}>
            Preview
          </Button>
        </div>
      </form>
      {previewing && (
        <section
          ref={previewRef}
          className="mail-preview"
          tabIndex={-1}
          aria-labelledby="mail-preview-title"
        >
          <h3 id="mail-preview-title" className="mail-desk__title">
            Preview
          </h3>
          <dl className="mail-preview__head">
            <div>
              <dt>To</dt>
              <dd>
                {confirmed === undefined
                  ? `The confirmed members of ${info.name}`
                  : `${plural(confirmed, 'confirmed member', 'confirmed members')} of ${info.name}`}
              </dd>
            </div>
            <div>
              <dt>Subject</dt>
              <dd>{subject.trim()}</dd>
            </div>
          </dl>
          <div className="mail-preview__body">
            {paragraphsOf(text).map((lines, index) => (
              <p key={index}>
                {lines.map((line, i) => (
                  <span key={i} className="mail-preview__line">
                    {line}
                  </span>
                ))}
              </p>
            ))}
            <p className="mail-preview__footer">
              {info.lang === 'sv'
                ? 'Du får det här mejlet eftersom du prenumererar på nyheter från Lokala jobb. Avregistrera dig med ett klick.'
                : 'You get this mail because you subscribed. Unsubscribe with one click.'}
            </p>
          </div>
          {problem && !problem.field && <FormMessage tone="error">{problem.message}</FormMessage>}
          <div className="desk-actions desk-actions--start">
            <Button
              variant="primary"
              loading={sendingNow}
              disabled={confirmed === 0}
              onClick={() => void send()}
            >
              {confirmed === undefined
                ? 'Send now'
                : `Send to ${plural(confirmed, 'member', 'members')}`}
            </Button>
            <Button onClick={() => setPreviewing(false)}>Keep editing</Button>
          </div>
          {confirmed === 0 && (
            <p className="mail-preview__note">
              No one has confirmed a subscription to this list yet, so there is no one to send it
              to.
            </p>
          )}
        </section>
      )}
    </div>
  );
}

function SentNewsletters({
  newsletters,
  error,
  onRetry,
}: {
  newsletters: Newsletter[] | undefined;
  error: string | null;
  onRetry: () => void;
}) {
  let body;
  if (newsletters === undefined) {
    body = error ? (
      <DeskLoadFailed message={error} onRetry={onRetry} />
    ) : (
      <DeskLoading label="Loading sent newsletters…" size="sm" />
    );
  } else if (newsletters.length === 0) {
    body = <p className="desk-empty">Nothing sent yet. Newsletters you send appear here.</p>;
  } else {
    body = (
      <ol className="newsletter-list">
        {newsletters.map((newsletter) => (
          <NewsletterItem key={newsletter.id} newsletter={newsletter} />
        ))}
      </ol>
    );
  }
  return (
    <div className="mail-sent">
      <h3 className="mail-desk__title">Sent</h3>
      {error && newsletters !== undefined && <FormMessage tone="error">{error}</FormMessage>}
      {body}
    </div>
  );
}

function NewsletterItem({ newsletter }: { newsletter: Newsletter }) {
  const { recipients, sent, failed, queued } = newsletter;
  const done = sent + failed;
  const percent = recipients === 0 ? 100 : Math.floor((done / recipients) * 100);
  const status = [
    `${sent.toLocaleString('en')} of ${recipients.toLocaleString('en')} sent`,
    failed > 0 ? `${failed.toLocaleString('en')} failed` : null,
    queued > 0 ? 'sending…' : 'done',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="newsletter-item" data-state={queued > 0 ? 'sending' : 'done'}>
      <div className="newsletter-item__head">
        <p className="newsletter-item__subject">{newsletter.subject}</p>
        <p className="newsletter-item__meta">
          {MAIL_LIST_INFO[newsletter.list].name} ·{' '}
          <time dateTime={newsletter.createdAt}>{formatDateTime(newsletter.createdAt)}</time>
        </p>
      </div>
      <progress
        className="newsletter-item__bar"
        max={100}
        value={percent}
        aria-label={`Progress of “${newsletter.subject}”`}
        aria-valuetext={`${percent}%: ${status}`}
      />
      <p className="newsletter-item__status">
        <span className="newsletter-item__percent">{percent}%</span> {status}
      </p>
    </li>
  );
}

export const MAIL_DESK_SECTION: DeskSectionEntry = {
  id: 'mail',
  title: 'Mail',
  description:
    'The newsletter, Lokala jobb and pitches lists. People join by confirming a mailed link; every mail you send carries a one-click unsubscribe link.',
  Component: MailSection,
};
