/**
 * Setting up the authenticator, in steps on one card: the enrolment code the command line printed
 * (set-rank, reset-mfa; without it no key is shown), then scan the QR code (or type the key),
 * confirm one code, then save the ten recovery codes, which are shown this once. The desk opens when
 * the owner says the codes are saved.
 */
import { useState, type FormEvent } from 'react';
import {
  enrolmentCodeSchema,
  MFA_ENROLMENT_CODE_MINUTES,
  type MfaEnrolment,
} from '#shared/admin-security-schemas';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/form/Field';
import { FormMessage } from '../../../ui/form/FormMessage';
import { ShieldIcon } from '../../../ui/icons';
import { messageOf } from '../use-admin-data';
import { AuthenticatorKey, RecoveryCodes } from './AuthenticatorParts';
import { CodeForm } from './CodeForm';
import { confirmEnrolment, startEnrolment } from './mfa-api';

export function EnrolmentPanel({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [enrolmentCode, setEnrolmentCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  async function start(event: FormEvent) {
    event.preventDefault();
    const parsed = enrolmentCodeSchema.safeParse(enrolmentCode);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setStarting(true);
    setError(null);
    try {
      setEnrolment(await startEnrolment(parsed.data));
    } catch (failure) {
      if (failure instanceof ApiError && failure.field === 'enrolmentCode')
        setCodeError(failure.message);
      else setError(messageOf(failure));
    }
    setStarting(false);
  }

  if (codes)
    return <RecoveryCodes codes={codes} onDone={onDone} doneLabel="I saved them, open the desk" />;

  return (
    <div className="admin-gate mfa-panel">
      <ShieldIcon size={28} className="admin-gate__icon" />
      <div className="admin-gate__text">
        <h2 className="admin-gate__title">Set up your authenticator app</h2>
        <p className="admin-gate__body">
          The desk controls the site&apos;s mail and every account, so it asks for a code from an
          authenticator app (such as Aegis, 2FAS, Google Authenticator or 1Password) as well as your
          password. A stolen password alone will not open it.
        </p>
        {!enrolment ? (
          <form className="mfa-code-form" noValidate onSubmit={(event) => void start(event)}>
            <TextField
              label="Enrolment code"
              value={enrolmentCode}
              onValueChange={(next) => {
                setEnrolmentCode(next);
                setCodeError(null);
              }}
              error={codeError}
              hint={`Printed by npm run admin -- set-rank (or reset-mfa) on the machine that runs the site. It works once, for ${MFA_ENROLMENT_CODE_MINUTES} minutes.`}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              maxLength={40}
              className="mfa-code-form__field"
            />
            <div className="desk-actions desk-actions--start">
              <Button type="submit" variant="primary" loading={starting}>
                Start set-up
              </Button>
            </div>
          </form>
        ) : (
          <ol className="mfa-steps">
            <li>
              <AuthenticatorKey enrolment={enrolment} />
            </li>
            <li>
              <p>Enter the 6-digit code the app shows now.</p>
              <CodeForm
                submitLabel="Confirm"
                allowRecovery={false}
                focusOnMount={false}
                onSubmit={async (entry) => {
                  if ('code' in entry) setCodes(await confirmEnrolment(entry.code));
                }}
              />
            </li>
          </ol>
        )}
        {error && <FormMessage tone="error">{error}</FormMessage>}
      </div>
    </div>
  );
}
