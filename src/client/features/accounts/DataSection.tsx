/**
 * Your data on /account: "Download my data" (the JSON export, a plain download link) and "Delete my
 * account", which asks for the password inline before anything is deleted.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/navigation/router';
import { MESSAGES } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { useAuth } from '../../lib/auth/use-auth';
import { resetLocalUserInfo } from '../../lib/current-user';
import { useAssistant } from '../../lib/assistant/use-assistant';
import { Button } from '../../ui/Button';
import { buttonClassName } from '../../ui/button-class';
import { TextField } from '../../ui/form/Field';
import { deleteMe, EXPORT_URL } from './api';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { SettingsSection } from './SettingsSection';
import { useFormProblem } from '../../ui/form/use-form-problem';

export const ACCOUNT_DELETED =
  'Your account and its data are deleted. Thank you for having been here.';

export function DataSection({ login }: { login: string }) {
  return (
    <>
      <SettingsSection
        title="Your data"
        description="Everything the site keeps about you, as one JSON file."
      >
        <div className="account-form__actions account-form__actions--start">
          <a
            className={buttonClassName({ variant: 'secondary' })}
            href={EXPORT_URL}
            download="my-account-data.json"
          >
            Download my data
          </a>
        </div>
      </SettingsSection>
      <DeleteAccount login={login} />
    </>
  );
}

function DeleteAccount({ login }: { login: string }) {
  const { setUserInfo } = useAuth();
  const assistant = useAssistant();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const startRef = useRef<HTMLDivElement>(null);
  const wasAsking = useRef(false);

  // Focus follows the step: into the password field, and back to the button after Cancel.
  useEffect(() => {
    if (asking) passwordRef.current?.focus();
    else if (wasAsking.current) startRef.current?.querySelector('button')?.focus();
    wasAsking.current = asking;
  }, [asking]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (deleting) return;
    if (password === '')
      return showFieldError({ field: 'password', message: MESSAGES.passwordMissing });
    setProblem(null);
    setDeleting(true);
    try {
      await deleteMe(password);
      resetLocalUserInfo();
      setUserInfo(null);
      assistant.say(ACCOUNT_DELETED);
      navigate(paths.home);
    } catch (error) {
      setProblem(problemFromError(error, ['password'], COPY.somethingWentWrongForm));
      setDeleting(false);
    }
  }

  return (
    <SettingsSection
      title="Delete my account"
      tone="danger"
      description="Deletes your account, your profile and your sessions for good. This cannot be undone."
    >
      {asking ? (
        <form
          ref={formRef}
          className="form account-delete"
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={login}
            readOnly
            hidden
          />
          <TextField
            label="Your password, to confirm"
            name="password"
            type="password"
            autoComplete="current-password"
            ref={passwordRef}
            value={password}
            onValueChange={(value) => {
              setPassword(value);
              clearFor('password');
            }}
            error={errorFor('password')}
          />
          <ProblemMessage problem={problem} errorName="handleDeleteAccount" />
          <div className="account-form__actions account-form__actions--start">
            <Button type="submit" className="button--danger" loading={deleting}>
              Delete my account permanently
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div ref={startRef} className="account-form__actions account-form__actions--start">
          <Button className="button--danger" onClick={() => setAsking(true)}>
            Delete my account
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
