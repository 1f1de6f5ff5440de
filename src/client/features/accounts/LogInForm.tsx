/**
 * Log in (docs/product/accounts.md#log-in): e-mail and password. Success closes the form and opens the
 * navigation, or with `stay` (opened from a page's own button) leaves the visitor on the page. A
 * failed log-in reads "Something went wrong.." in the form (docs/product/api.md#error-catalogue); wrong
 * credentials and a disabled account add the server's words after it as the hint and offer no
 * report (they are no fault of the site); a failure of the site's own offers one as handleLogIn.
 * Too many attempts show the server's answer as it comes.
 */
import { useRef, useState, type FormEvent } from 'react';
import { validateLoginForm } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth/use-auth';
import { usePopups } from '../../lib/popups/use-popups';
import { Button } from '../../ui/Button';
import { EmailField } from '../../ui/form/EmailField';
import { TextField } from '../../ui/form/Field';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { useFocusFirstField } from '../../ui/form/use-focus-first-field';
import { useFormProblem } from '../../ui/form/use-form-problem';
import type { AccountFormProps } from './AccountPopup';
import './accounts.css';

const FIELDS = ['email', 'password'] as const;

export function LogInForm({ stay = false }: AccountFormProps) {
  const { logIn } = useAuth();
  const { open, close } = usePopups();
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [loading, setLoading] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useFocusFirstField(formRef);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const invalid = validateLoginForm({ email, password });
    if (invalid) {
      showFieldError(invalid);
      return;
    }
    setProblem(null);
    setLoading(true);
    try {
      await logIn({ email: email.trim(), password });
      if (stay) close();
      else open({ name: 'navigation' });
    } catch (error) {
      const problem = problemFromError(error, FIELDS, COPY.somethingWentWrongForm);
      // Wrong credentials and a disabled account read "Something went wrong.." with the reason
      // after; the visitor's own mistake is nothing to report.
      if (
        error instanceof ApiError &&
        (error.status === 'unauthenticated' || error.status === 'permission-denied')
      ) {
        problem.message = `${COPY.somethingWentWrongForm} ${problem.message}`;
      }
      setProblem(problem);
      setLoading(false);
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      <EmailField
        name="email"
        value={email}
        onValueChange={(value) => {
          setEmail(value);
          clearFor('email');
        }}
        error={errorFor('email')}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          clearFor('password');
        }}
        error={errorFor('password')}
      />
      <button
        type="button"
        className="link-button account-form__forgot"
        onClick={() => open({ name: 'resetPassword' })}
      >
        Forgot your password?
      </button>
      <ProblemMessage problem={problem} errorName="handleLogIn" />
      <div className="account-form__actions">
        <Button type="submit" variant="primary" loading={loading}>
          Log in
        </Button>
        <p className="account-form__switch-line">
          New here?{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => open({ name: 'signUp', stay })}
          >
            Sign up
          </button>
        </p>
      </div>
    </form>
  );
}
