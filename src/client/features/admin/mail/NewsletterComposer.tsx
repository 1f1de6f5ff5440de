/**
 * A plain-text newsletter: written, checked with the shared schema, previewed as the mail shows it,
 * then, once the owner confirms how many people get it, sent to the chosen list's confirmed members
 * through the mail queue. The draft is kept in this browser as it is typed, so a reload or a
 * closed tab loses nothing; sending (or emptying it) ends the draft.
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
import { ApiError } from '../../../lib/api';
import { readStored, removeStored, writeStored } from '../../../lib/storage';
import { Button } from '../../../ui/Button';
import { TextAreaField, TextField } from '../../../ui/form/Field';
import { FormMessage } from '../../../ui/form/FormMessage';
import { plural } from '../admin-format';
import { postNewsletter, sendNewsletterTest, type ListCount } from '../api';
import { messageOf } from '../use-admin-data';
import { LIST_LABELS } from './list-labels';

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

const EMPTY_DRAFT = { list: 'newsletter', subject: '', text: '' };

/** The kept draft, its list one that still exists. */
function keptDraft(): { list: MailList; subject: string; text: string } {
  const draft = readStored('newsletterDraft', EMPTY_DRAFT);
  const list = (MAIL_LISTS as readonly string[]).includes(draft.list)
    ? (draft.list as MailList)
    : 'newsletter';
  const asText = (value: unknown) => (typeof value === 'string' ? value : '');
  return { list, subject: asText(draft.subject), text: asText(draft.text) };
}

export function NewsletterComposer({
  counts,
  onSent,
}: {
  counts: ListCount[] | undefined;
  onSent: (newsletter: Newsletter) => void;
}) {
  const listId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  const [kept] = useState(keptDraft);
  const [list, setList] = useState<MailList>(kept.list);
  const [subject, setSubject] = useState(kept.subject);
  const [text, setText] = useState(kept.text);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sendingNow, setSendingNow] = useState(false);
  const [queued, setQueued] = useState<Newsletter | null>(null);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<string | null>(null);

  const confirmed = counts?.find((row) => row.list === list)?.subscribed;

  useEffect(() => {
    const form = formRef.current;
    if (!form || !problem?.field) return;
    form.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
  }, [problem]);

  useEffect(() => {
    if (previewing) previewRef.current?.focus();
  }, [previewing]);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  // The draft follows the typing; an empty one is no draft.
  useEffect(() => {
    if (subject === '' && text === '') removeStored('newsletterDraft');
    else writeStored('newsletterDraft', { list, subject, text });
  }, [list, subject, text]);

  function edit(change: () => void, field: ComposerField) {
    change();
    setPreviewing(false);
    setConfirming(false);
    setQueued(null);
    setTested(null);
    setProblem((p) => (p?.field === field ? null : p));
  }

  function preview(event: FormEvent) {
    event.preventDefault();
    setQueued(null);
    const found = checkNewsletter({ list, subject, text });
    setProblem(found);
    setPreviewing(!found);
  }

  async function sendTest() {
    if (testing) return;
    setTesting(true);
    setProblem(null);
    setTested(null);
    try {
      const { to } = await sendNewsletterTest({ list, subject, text });
      setTested(`A test is on its way to ${to}. Read it there before you send.`);
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? { field: asField(error.field), message: error.message }
          : { field: null, message: messageOf(error) },
      );
    } finally {
      setTesting(false);
    }
  }

  async function send() {
    if (sendingNow) return;
    setSendingNow(true);
    setProblem(null);
    try {
      const newsletter = await postNewsletter({ list, subject, text });
      setQueued(newsletter);
      setPreviewing(false);
      setConfirming(false);
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
                ? 'Du får det här e-postmeddelandet eftersom du prenumererar på nyheter från Lokala jobb. Avregistrera dig med ett klick.'
                : 'You get this mail because you subscribed. Unsubscribe with one click.'}
            </p>
          </div>
          {problem && !problem.field && <FormMessage tone="error">{problem.message}</FormMessage>}
          {tested && <FormMessage tone="success">{tested}</FormMessage>}
          <div className="desk-actions desk-actions--start">
            <Button loading={testing} onClick={() => void sendTest()}>
              Send a test to me
            </Button>
            <Button
              variant="primary"
              disabled={confirmed === 0 || confirming}
              onClick={() => setConfirming(true)}
            >
              {confirmed === undefined
                ? 'Send now'
                : `Send to ${plural(confirmed, 'member', 'members')}`}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                setPreviewing(false);
              }}
            >
              Keep editing
            </Button>
          </div>
          {confirming && (
            <div
              ref={confirmRef}
              className="mail-confirm"
              role="group"
              tabIndex={-1}
              aria-labelledby="mail-confirm-question"
            >
              <p id="mail-confirm-question" className="mail-confirm__question">
                {confirmed === undefined
                  ? `Send “${subject.trim()}” to every confirmed member of ${info.name} now?`
                  : `Send “${subject.trim()}” to the ${plural(confirmed, 'person', 'people')} on the ${info.name} list now?`}{' '}
                It goes out at once and cannot be called back.
              </p>
              <div className="desk-actions desk-actions--start">
                <Button variant="primary" loading={sendingNow} onClick={() => void send()}>
                  {confirmed === undefined
                    ? 'Yes, send it'
                    : `Yes, send to ${plural(confirmed, 'person', 'people')}`}
                </Button>
                <Button disabled={sendingNow} onClick={() => setConfirming(false)}>
                  Not yet
                </Button>
              </div>
            </div>
          )}
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
