/**
 * "Subscribe again" where a link is not valid (and on the page without a link): an address and one
 * button that asks for a new confirmation mail. The answer is the same for every address, so the
 * form never tells whether someone is on a list.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { emailSchema } from '#shared/account-schemas';
import type { MailList } from '#shared/mail-list-schemas';
import { ApiError } from '../../lib/api';
import { devLog } from '../../lib/dev-log';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/Field';
import { FormMessage } from '../../ui/form/FormMessage';
import type { ListPageTexts } from './list-page-texts';
import { ListResult } from './ListResult';
import { subscribe } from './api';

/** The first problem with the address, in the page's language; null when it can be sent. */
export function emailProblem(value: string, texts: ListPageTexts): string | null {
  const trimmed = value.trim();
  if (!trimmed) return texts.emailMissing;
  if (!trimmed.includes('@')) return texts.emailNoAt;
  return emailSchema.safeParse(trimmed).success ? null : texts.emailInvalid;
}

interface SubscribeFormProps {
  list: MailList;
  texts: ListPageTexts;
  title: string;
}

export function SubscribeForm({ list, texts, title }: SubscribeFormProps) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const problem = emailProblem(email, texts);
    setFieldError(problem);
    setFormError(null);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      await subscribe(list, email.trim());
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 'resource-exhausted')
        setFormError(texts.tooMany);
      else if (error instanceof ApiError && error.field === 'email') {
        setFieldError(texts.emailInvalid);
        inputRef.current?.focus();
      } else {
        devLog('subscribing to a mail list failed', error);
        setFormError(texts.failed);
      }
    } finally {
      setSending(false);
    }
  }

  if (sent) return <ListResult title={texts.sentTitle} text={texts.sentText} takeFocus />;

  return (
    <section className="list-subscribe" aria-labelledby={titleId}>
      <h2 id={titleId} className="list-subscribe__title">
        {title}
      </h2>
      <p className="list-subscribe__text">{texts.subscribeText}</p>
      <form className="form list-subscribe__form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          ref={inputRef}
          label={texts.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            setFieldError(null);
          }}
          error={fieldError}
        />
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
        <div className="list-card__actions">
          <Button type="submit" variant="primary" loading={sending}>
            {texts.subscribeButton}
          </Button>
        </div>
      </form>
    </section>
  );
}
