/**
 * Sign up (docs/product/accounts.md#sign-up): email twice, username, password twice, one of four avatars
 * (default 2), the Terms of service and Privacy policy agreements (required, each linking to its
 * page) and the optional newsletter. On success the visitor is logged in, the navigation shows and
 * the assistant says thanks; on failure field errors from the server go under their field and
 * anything else makes the assistant show the support message (handleSignUp,
 * docs/product/api.md#error-catalogue).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../../lib/navigation/router';
import {
  DEFAULT_AVATAR,
  validateSignUpForm,
  type SignUpForm as SignUpValues,
} from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { useAuth } from '../../lib/auth/use-auth';
import { useAssistant } from '../../lib/assistant/use-assistant';
import { usePopups } from '../../lib/popups/use-popups';
import type { AccountFormProps } from './account-form-props';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/form/Checkbox';
import { EmailField } from '../../ui/form/EmailField';
import { TextField } from '../../ui/form/Field';
import { AvatarPicker } from './AvatarPicker';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { useFocusFirstField } from '../../ui/form/use-focus-first-field';
import { useFormProblem } from '../../ui/form/use-form-problem';
import './accounts.css';

const FIELDS = [
  'email',
  'emailConfirm',
  'username',
  'password',
  'passwordConfirm',
  'acceptTerms',
  'acceptPrivacy',
] as const;

type TextFieldName = 'email' | 'emailConfirm' | 'username' | 'password' | 'passwordConfirm';

export function thanksForSigningUp(username: string): string {
  return `Welcome aboard, ${username}! Thank you for signing up.`;
}

export function SignUpForm({ stay = false }: AccountFormProps) {
  const { register } = useAuth();
  const { open, close } = usePopups();
  const assistant = useAssistant();
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [loading, setLoading] = useState(false);
  const [values, setValues] = useState<SignUpValues>({
    email: '',
    emailConfirm: '',
    username: '',
    password: '',
    passwordConfirm: '',
    acceptTerms: false,
    acceptPrivacy: false,
  });
  const [avatar, setAvatar] = useState(DEFAULT_AVATAR);
  const [newsletter, setNewsletter] = useState(false);
  useFocusFirstField(formRef);

  function update<K extends keyof SignUpValues>(field: K, value: SignUpValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearFor(field);
  }

  const text = (field: TextFieldName) => ({
    name: field,
    value: values[field],
    onValueChange: (value: string) => update(field, value),
    error: errorFor(field),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const invalid = validateSignUpForm(values);
    if (invalid) {
      showFieldError(invalid);
      return;
    }
    setProblem(null);
    setLoading(true);
    const username = values.username.trim();
    try {
      await register({
        email: values.email.trim(),
        username,
        password: values.password,
        avatar,
        subscribedToNewsletter: newsletter,
        currentUTCTime: new Date().toISOString(),
      });
      // docs/product/accounts.md#sign-up: logged in, the navigation shown (inline on desktop, where this
      // just closes), thanks; opened from a page's own button, the visitor stays on the page.
      if (stay) close();
      else open({ name: 'navigation' });
      assistant.say(thanksForSigningUp(username));
    } catch (error) {
      const next = problemFromError(error, FIELDS, COPY.somethingWentWrongForm);
      setProblem(next);
      setLoading(false);
      if (!next.field) assistant.say(COPY.signUpFailedAssistant);
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      <EmailField {...text('email')} />
      <EmailField label="Confirm email" {...text('emailConfirm')} />
      <TextField label="Username" autoComplete="username" {...text('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...text('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...text('passwordConfirm')}
      />
      <AvatarPicker value={avatar} onChange={setAvatar} />
      <div className="account-form__group">
        <Checkbox
          name="acceptTerms"
          required
          checked={values.acceptTerms}
          onCheckedChange={(checked) => update('acceptTerms', checked)}
          error={errorFor('acceptTerms')}
          label={
            <>
              I accept the{' '}
              <Link to={paths.termsOfService} target="_blank">
                Terms of service
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
            </>
          }
        />
        <Checkbox
          name="acceptPrivacy"
          required
          checked={values.acceptPrivacy}
          onCheckedChange={(checked) => update('acceptPrivacy', checked)}
          error={errorFor('acceptPrivacy')}
          label={
            <>
              I accept the{' '}
              <Link to={paths.privacyPolicy} target="_blank">
                Privacy policy
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
            </>
          }
        />
        <Checkbox
          name="subscribedToNewsletter"
          checked={newsletter}
          onCheckedChange={setNewsletter}
          label="Send me the newsletter (optional)"
        />
      </div>
      <ProblemMessage problem={problem} errorName="handleSignUp" />
      <div className="account-form__actions">
        <Button type="submit" variant="primary" loading={loading}>
          Sign up
        </Button>
        <p className="account-form__switch-line">
          Have an account?{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => open({ name: 'logIn', stay })}
          >
            Log in
          </button>
        </p>
      </div>
    </form>
  );
}
