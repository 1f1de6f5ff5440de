/**
 * Reset password (docs/product/accounts.md#password-reset): asks for the email and sends the reset link.
 * The server answers the same for every address, so success always reads "Success" and the
 * reset-link message; an unexpected failure reads "Something went wrong." with the offer to report
 * it (handleForgotPassword, docs/product/api.md#error-catalogue).
 */
import { useRef, useState, type FormEvent } from 'react';
import { emailSchema } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { usePopups } from '../../lib/popups/use-popups';
import { Button } from '../../ui/Button';
import { EmailField } from '../../ui/form/EmailField';
import { requestPasswordReset } from './api';
import { CompletedMessage } from '../../ui/form/CompletedMessage';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { useFocusFirstField } from '../../ui/form/use-focus-first-field';
import { useFormProblem } from '../../ui/form/use-form-problem';
import './accounts.css';

export const RESET_LINK_SENT =
  "If an account exists for that email, we've sent a link to reset your password.";

export function ResetPasswordForm() {
  const { open } = usePopups();
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [loading, setLoading] = useState(false);
  const [completed, setCompleted] = useState(false);
  const [email, setEmail] = useState('');
  useFocusFirstField(formRef);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      showFieldError({ field: 'email', message: parsed.error.issues[0]?.message ?? '' });
      return;
    }
    setProblem(null);
    setLoading(true);
    try {
      await requestPasswordReset(parsed.data);
      setCompleted(true);
    } catch (error) {
      setProblem(problemFromError(error, ['email'], COPY.somethingWentWrongReset));
    } finally {
      setLoading(false);
    }
  }

  if (completed) {
    return (
      <CompletedMessage
        title="Success"
        actions={
          <Button variant="primary" onClick={() => open({ name: 'logIn' })}>
            Back to log in
          </Button>
        }
      >
        <p>{RESET_LINK_SENT}</p>
      </CompletedMessage>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="popup__text">
        Enter the email you signed up with and we will send you a link to choose a new password.
      </p>
      <EmailField
        name="email"
        value={email}
        onValueChange={(value) => {
          setEmail(value);
          clearFor('email');
        }}
        error={errorFor('email')}
      />
      <ProblemMessage problem={problem} errorName="handleForgotPassword" />
      <div className="account-form__actions">
        <Button type="submit" variant="primary" loading={loading}>
          Send reset link
        </Button>
      </div>
    </form>
  );
}
