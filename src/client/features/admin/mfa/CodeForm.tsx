/**
 * Enter a code: the 6 digits from the authenticator app, or (switchable) a recovery code. Used to
 * open the desk, to confirm the set-up and before a sensitive action. The browser may fill the code
 * (autocomplete one-time-code); a wrong or reused code shows the server's words under the field.
 */
import { useState, type FormEvent } from 'react';
import { MFA_MESSAGES } from '#shared/admin-security-schemas';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { TextField } from '../../../ui/form/Field';
import { messageOf } from '../use-admin-data';
import type { CodeEntry } from './mfa-api';

interface CodeFormProps {
  submitLabel: string;
  /** Sends the entry; throws the ApiError to show. */
  onSubmit: (entry: CodeEntry) => Promise<void>;
  /** Offer "Use a recovery code instead" (not while confirming a new set-up). */
  allowRecovery?: boolean;
  onCancel?: () => void;
  /** Puts the cursor in the field when the form appears (a prompt the person just opened). */
  focusOnMount?: boolean;
}

export function CodeForm({
  submitLabel,
  onSubmit,
  allowRecovery = true,
  onCancel,
  focusOnMount = true,
}: CodeFormProps) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = value.replace(/\s/g, '');
    if (!recovery && !/^\d{6}$/.test(typed)) {
      setFieldError(MFA_MESSAGES.codeFormat);
      return;
    }
    if (recovery && !/^[a-z2-7]{24}$/i.test(typed.replace(/-/g, ''))) {
      setFieldError(MFA_MESSAGES.recoveryFormat);
      return;
    }
    setFieldError(null);
    setFormError(null);
    setBusy(true);
    try {
      await onSubmit(recovery ? { recoveryCode: typed } : { code: typed });
    } catch (error) {
      if (error instanceof ApiError && error.field) setFieldError(error.message);
      else setFormError(messageOf(error));
      setBusy(false);
      return;
    }
    setBusy(false);
  }

  return (
    <form className="mfa-code-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          setFieldError(null);
        }}
        error={fieldError}
        hint={recovery ? 'One of the ten codes you saved when you set up the app.' : '6 digits.'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        spellCheck={false}
        autoCapitalize="off"
        maxLength={recovery ? 40 : 7}
        className="mfa-code-form__field"
        // The one field of a prompt the person opened to type into.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focusOnMount}
      />
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <div className="desk-actions desk-actions--start">
        <Button type="submit" variant="primary" loading={busy}>
          {submitLabel}
        </Button>
        {allowRecovery && (
          <Button
            variant="ghost"
            onClick={() => {
              setRecovery(!recovery);
              setValue('');
              setFieldError(null);
            }}
          >
            {recovery ? 'Use the app instead' : 'Use a recovery code instead'}
          </Button>
        )}
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
