/**
 * Log in (docs/product/accounts.md#log-in): email and password, or a passkey
 * (docs/product/accounts.md#passkeys): "Log in with a passkey", or one picked among the email
 * field's suggestions (a conditional request started when the form opens, stopped when it closes
 * or the button is used). Success closes the form and opens the
 * navigation, or with `stay` (opened from a page's own button) leaves the visitor on the page. A
 * failed log-in reads "Something went wrong.." in the form (docs/product/api.md#error-catalogue); wrong
 * credentials and a disabled account add the server's words after it as the hint and offer no
 * report (they are no fault of the site); a failure of the site's own offers one as handleLogIn.
 * Too many attempts show the server's answer as it comes.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { validateLoginForm } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import type { UserInfo } from '#shared/account-schemas';
import { ApiError } from '../../lib/api';
import { devLog } from '../../lib/dev-log';
import {
  cancelPasskeyRequest,
  passkeyAborted,
  passkeyAutofillSupported,
  passkeysSupported,
} from '../../lib/passkeys';
import { useAuth } from '../../lib/auth/use-auth';
import { usePopups } from '../../lib/popups/use-popups';
import { Button } from '../../ui/Button';
import { EmailField } from '../../ui/form/EmailField';
import { TextField } from '../../ui/form/Field';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { useFocusFirstField } from '../../ui/form/use-focus-first-field';
import { useFormProblem } from '../../ui/form/use-form-problem';
import type { AccountFormProps } from './account-form-props';
import { passkeyAnswer } from '../../lib/passkeys-api';
import { passkeyProblem } from '../../ui/form/passkey-problem';
import './accounts.css';

const FIELDS = ['email', 'password'] as const;

const PASSKEY_OPTIONS = '/api/auth/passkey/options';

export function LogInForm({ stay = false }: AccountFormProps) {
  const { logIn, signInWithPasskey } = useAuth();
  const { open, close } = usePopups();
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [loading, setLoading] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeys, setPasskeys] = useState(false);
  // Bumped to start the email field's passkey suggestions again after the button's try ended.
  const [autofillRound, setAutofillRound] = useState(0);
  useFocusFirstField(formRef);

  /** After any sign-in: what a password log-in does. */
  const signedIn = useCallback(
    (_info: UserInfo) => {
      if (stay) close();
      else open({ name: 'navigation' });
    },
    [stay, close, open],
  );

  useEffect(() => {
    let current = true;
    void passkeysSupported().then(
      (supported) => current && setPasskeys(supported),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);

  // The browser's own suggestions in the email field: waits until a passkey is picked there.
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      if (!(await passkeyAutofillSupported().catch(() => false))) return;
      if (controller.signal.aborted) return;
      let response;
      try {
        response = await passkeyAnswer(PASSKEY_OPTIONS, {
          autofill: true,
          signal: controller.signal,
        });
      } catch (error) {
        // The suggestions are a quiet offer: their own failures (no passkey picked, a site reached
        // by an IP address, which cannot hold passkeys) say nothing; the button says why.
        if (!controller.signal.aborted && !passkeyAborted(error))
          devLog('passkey suggestions stopped', error);
        return;
      }
      if (controller.signal.aborted) return;
      setPasskeyBusy(true);
      try {
        signedIn(await signInWithPasskey(response));
      } catch (error) {
        // A passkey picked from the suggestions and refused: the server's words.
        setProblem(passkeyProblem(error));
        setPasskeyBusy(false);
      }
    })();
    return () => {
      controller.abort();
      void cancelPasskeyRequest();
    };
  }, [autofillRound, signInWithPasskey, signedIn, setProblem]);

  async function signInWithAPasskey() {
    if (loading || passkeyBusy) return;
    setProblem(null);
    setPasskeyBusy(true);
    try {
      // Asking the browser now replaces the suggestions' quiet request (one ceremony at a time).
      const response = await passkeyAnswer(PASSKEY_OPTIONS);
      signedIn(await signInWithPasskey(response));
    } catch (error) {
      if (!passkeyAborted(error)) setProblem(passkeyProblem(error));
      setPasskeyBusy(false);
      setAutofillRound((round) => round + 1);
    }
  }

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
      await cancelPasskeyRequest();
      signedIn(await logIn({ email: email.trim(), password }));
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
        autoComplete="username webauthn"
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
        <div className="account-form__buttons">
          <Button type="submit" variant="primary" loading={loading} disabled={passkeyBusy}>
            Log in
          </Button>
          {passkeys && (
            <Button
              loading={passkeyBusy}
              disabled={loading}
              onClick={() => void signInWithAPasskey()}
            >
              Log in with a passkey
            </Button>
          )}
        </div>
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
