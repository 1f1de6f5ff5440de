/**
 * /account/reset-password: the new password twice for the token from the reset mail. Success says so
 * and offers Log in; an expired or used link says that clearly and offers to ask for a new one in the
 * Reset password pop-up.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, validateNewPasswordForm } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { usePopups } from '../../lib/popups/use-popups';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/Field';
import { FormMessage } from '../../ui/form/FormMessage';
import { confirmPasswordReset } from './api';
import { CompletedMessage } from '../../ui/form/CompletedMessage';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { useFormProblem } from '../../ui/form/use-form-problem';
import './accounts.css';

export const LINK_MISSING =
  'This page needs the link from your reset mail. Ask for a new one if you cannot find it.';
export const ASK_AGAIN = 'Ask for a new one and use the link in the newest mail.';
export const PASSWORD_CHANGED = 'Your password is changed. Log in with your new password.';

export function NewPasswordForm({ token }: { token: string | null }) {
  const { open } = usePopups();
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const [state, setState] = useState<'open' | 'completed' | 'expired'>(token ? 'open' : 'expired');
  const [expiredMessage, setExpiredMessage] = useState(LINK_MISSING);
  const expiredRef = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);

  // After a submit found the link dead, the message takes the focus the pressed button had.
  useEffect(() => {
    if (state === 'expired' && submitted.current) expiredRef.current?.focus();
  }, [state]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || !token) return;
    const invalid = validateNewPasswordForm({ password, passwordConfirm });
    if (invalid) return showFieldError(invalid);
    setProblem(null);
    setSaving(true);
    submitted.current = true;
    try {
      await confirmPasswordReset(token, password);
      setState('completed');
    } catch (error) {
      const next = problemFromError(error, ['password', 'token'], COPY.somethingWentWrongForm);
      if (next.field === 'token') {
        setExpiredMessage(`${next.message || MESSAGES.resetLinkInvalid} ${ASK_AGAIN}`);
        setState('expired');
      } else {
        setProblem(next);
      }
    } finally {
      setSaving(false);
    }
  }

  if (state === 'completed') {
    return (
      <CompletedMessage
        title="Password changed"
        actions={
          <Button variant="primary" onClick={() => open({ name: 'logIn' })}>
            Log in
          </Button>
        }
      >
        <p>{PASSWORD_CHANGED}</p>
      </CompletedMessage>
    );
  }

  if (state === 'expired') {
    return (
      <div className="form account-form__focus-target" ref={expiredRef} tabIndex={-1}>
        <FormMessage tone="error">{expiredMessage}</FormMessage>
        <div className="account-form__actions account-form__actions--start">
          <Button variant="primary" onClick={() => open({ name: 'resetPassword' })}>
            Ask for a new link
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          clearFor('password');
        }}
        error={errorFor('password')}
      />
      <TextField
        label="Confirm new password"
        name="passwordConfirm"
        type="password"
        autoComplete="new-password"
        value={passwordConfirm}
        onValueChange={(value) => {
          setPasswordConfirm(value);
          clearFor('passwordConfirm');
        }}
        error={errorFor('passwordConfirm')}
      />
      <ProblemMessage problem={problem} errorName="handleResetPassword" />
      <div className="account-form__actions account-form__actions--start">
        <Button type="submit" variant="primary" loading={saving}>
          Save new password
        </Button>
      </div>
    </form>
  );
}
