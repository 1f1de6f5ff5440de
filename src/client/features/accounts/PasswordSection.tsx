/** Change password on /account: the current one, then the new one twice (the shared rules). */
import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES, validateNewPasswordForm } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/Field';
import { FormMessage } from '../../ui/form/FormMessage';
import { changePassword } from './api';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { SettingsSection } from './SettingsSection';
import { useFormProblem } from '../../ui/form/use-form-problem';

const FIELDS = ['currentPassword', 'password', 'passwordConfirm'] as const;

export function PasswordSection({ login }: { login: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaved(false);
    if (current === '') {
      return showFieldError({ field: 'currentPassword', message: MESSAGES.currentPasswordMissing });
    }
    const invalid = validateNewPasswordForm({ password, passwordConfirm });
    if (invalid) return showFieldError(invalid);
    setProblem(null);
    setSaving(true);
    try {
      await changePassword(current, password);
      setCurrent('');
      setPassword('');
      setPasswordConfirm('');
      setSaved(true);
    } catch (error) {
      setProblem(
        problemFromError(error, FIELDS, COPY.somethingWentWrongForm, { newPassword: 'password' }),
      );
    } finally {
      setSaving(false);
    }
  }

  const field = (name: (typeof FIELDS)[number], value: string, set: (v: string) => void) => ({
    name,
    value,
    error: errorFor(name),
    onValueChange: (next: string) => {
      set(next);
      setSaved(false);
      clearFor(name);
    },
  });

  return (
    <SettingsSection title="Password">
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword', current, setCurrent)}
        />
        <div className="account-form__row">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            {...field('password', password, setPassword)}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            {...field('passwordConfirm', passwordConfirm, setPasswordConfirm)}
          />
        </div>
        <ProblemMessage problem={problem} errorName="handleChangePassword" />
        {saved && <FormMessage tone="success">Saved. Your password is changed.</FormMessage>}
        <div className="account-form__actions account-form__actions--end">
          <Button type="submit" variant="primary" loading={saving}>
            Change password
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
