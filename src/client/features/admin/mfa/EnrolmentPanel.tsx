/**
 * Setting up the authenticator, in three steps on one card: scan the QR code (or type the key),
 * confirm one code, then save the ten recovery codes, which are shown this once. The desk opens when
 * the owner says the codes are saved.
 */
import { useState } from 'react';
import type { MfaEnrolment } from '#shared/admin-security-schemas';
import { Button } from '../../../ui/Button';
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

  async function start() {
    setStarting(true);
    setError(null);
    try {
      setEnrolment(await startEnrolment());
    } catch (failure) {
      setError(messageOf(failure));
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
          <div className="desk-actions desk-actions--start">
            <Button variant="primary" loading={starting} onClick={() => void start()}>
              Start set-up
            </Button>
          </div>
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
