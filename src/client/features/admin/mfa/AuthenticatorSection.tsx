/**
 * The desk's Authenticator section (docs/product/desk.md#admin-multi-factor): how many recovery codes
 * are left and when this session last entered a code; replace the authenticator app (a new key,
 * confirmed by one code from the new app, which also brings new recovery codes) or make new
 * recovery codes; the desk's passkeys and "Require a passkey" (DeskPasskeys). Both are sensitive: with no code in the last 15 minutes the server answers
 * `step-up-required` and lib/api's prompt asks for one first. Until the new app is confirmed the
 * old one keeps working, so leaving half-way changes nothing.
 */
import { useEffect, useRef, useState } from 'react';
import { RECOVERY_CODE_COUNT, type MfaEnrolment } from '#shared/admin-security-schemas';
import { formatDateTime } from '../../../lib/date-format';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { messageOf, useAdminData } from '../use-admin-data';
import { AuthenticatorKey, RECOVERY_CODES_NOTE, RecoveryCodeList } from './AuthenticatorParts';
import { CodeForm } from './CodeForm';
import { DeskPasskeys } from './DeskPasskeys';
import { confirmEnrolment, fetchMfaStatus, renewRecoveryCodes, startEnrolment } from './mfa-api';
import './mfa.css';

/** Below this many recovery codes left, the section says to make new ones. */
const FEW_CODES_LEFT = 3;

/** The status, and whether a sensitive action needed no new code when it was read. */
async function loadStatus(signal: AbortSignal) {
  const status = await fetchMfaStatus(signal);
  const fresh = status.stepUpUntil !== null && Date.parse(status.stepUpUntil) > Date.now();
  return { ...status, fresh };
}

type Mode =
  | { name: 'status' }
  | { name: 'asking-codes' }
  | { name: 'replacing'; enrolment: MfaEnrolment }
  | { name: 'new-codes'; codes: string[]; replaced: boolean };

export function AuthenticatorSection() {
  const status = useAdminData(loadStatus);
  const [mode, setMode] = useState<Mode>({ name: 'status' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new step (the new key, the codes) takes the focus, so a screen reader reads it first.
  useEffect(() => {
    if (mode.name !== 'status') headingRef.current?.focus();
  }, [mode.name]);

  async function attempt(action: () => Promise<Mode>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setMode(await action());
    } catch (failure) {
      setError(messageOf(failure));
    }
    setBusy(false);
  }

  function backToStatus(said: string | null) {
    setMode({ name: 'status' });
    setNotice(said);
    status.reload();
  }

  if (mode.name === 'replacing') {
    return (
      <div className="mfa-manage">
        <h3 className="mfa-manage__title" ref={headingRef} tabIndex={-1}>
          Set up the new app
        </h3>
        <p className="mfa-manage__text">
          Your current app keeps working until a code from the new one confirms the change.
        </p>
        <ol className="mfa-steps">
          <li>
            <AuthenticatorKey enrolment={mode.enrolment} />
          </li>
          <li>
            <p>Enter the 6-digit code the new app shows now.</p>
            <CodeForm
              submitLabel="Confirm the new app"
              allowRecovery={false}
              focusOnMount={false}
              onCancel={() => backToStatus('Nothing changed: your current app still works.')}
              onSubmit={async (entry) => {
                if (!('code' in entry)) return;
                const codes = await confirmEnrolment(entry.code);
                setMode({ name: 'new-codes', codes, replaced: true });
              }}
            />
          </li>
        </ol>
      </div>
    );
  }

  if (mode.name === 'new-codes') {
    return (
      <div className="mfa-manage">
        <h3 className="mfa-manage__title" ref={headingRef} tabIndex={-1}>
          Save your new recovery codes
        </h3>
        <p className="mfa-manage__text">
          {mode.replaced
            ? 'The new app gives your codes now; the old app and the old recovery codes no longer work. '
            : 'The recovery codes you saved before no longer work. '}
          {RECOVERY_CODES_NOTE}
        </p>
        <RecoveryCodeList codes={mode.codes}>
          <Button variant="primary" onClick={() => backToStatus(null)}>
            I saved them
          </Button>
        </RecoveryCodeList>
      </div>
    );
  }

  if (status.data === undefined) {
    return status.error ? (
      <DeskLoadFailed message={status.error} onRetry={status.reload} />
    ) : (
      <DeskLoading label="Loading your authenticator…" size="sm" />
    );
  }

  const { recoveryCodesLeft: left, verifiedAt, stepUpUntil, fresh } = status.data;
  return (
    <div className="mfa-manage">
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      {(error ?? status.error) && <FormMessage tone="error">{error ?? status.error}</FormMessage>}
      <dl className="mfa-facts">
        <div>
          <dt>Recovery codes</dt>
          <dd>
            {left} of {RECOVERY_CODE_COUNT} left
          </dd>
        </div>
        <div>
          <dt>This session</dt>
          <dd>{verifiedAt ? `Code entered ${formatDateTime(verifiedAt)}` : 'No code yet'}</dd>
        </div>
        <div>
          <dt>Sensitive actions</dt>
          <dd>
            {fresh && stepUpUntil
              ? `No new code needed until ${formatDateTime(stepUpUntil)}`
              : 'Ask for a new code'}
          </dd>
        </div>
      </dl>
      <DeskPasskeys status={status.data} onChanged={status.reload} />
      {left <= FEW_CODES_LEFT && (
        <p className="mfa-manage__warning" role="note">
          {left === 0
            ? 'No recovery codes left: make new ones, or a lost phone locks you out of the desk.'
            : `Only ${left} left: make new ones before they run out.`}
        </p>
      )}
      {mode.name === 'asking-codes' ? (
        <div className="mfa-manage__question" role="group" aria-label="Make new recovery codes?">
          <p className="mfa-manage__text">
            New recovery codes replace all of them: the ones you saved stop working at once.
          </p>
          <div className="desk-actions desk-actions--start">
            <Button
              variant="primary"
              loading={busy}
              onClick={() =>
                void attempt(async () => ({
                  name: 'new-codes',
                  codes: await renewRecoveryCodes(),
                  replaced: false,
                }))
              }
            >
              Make new codes
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setMode({ name: 'status' })}>
              Keep the old ones
            </Button>
          </div>
        </div>
      ) : (
        <div className="desk-actions desk-actions--start">
          <Button
            loading={busy}
            onClick={() =>
              void attempt(async () => ({ name: 'replacing', enrolment: await startEnrolment() }))
            }
          >
            Replace the authenticator
          </Button>
          <Button
            disabled={busy}
            onClick={() => {
              setError(null);
              setNotice(null);
              setMode({ name: 'asking-codes' });
            }}
          >
            New recovery codes
          </Button>
        </div>
      )}
    </div>
  );
}
