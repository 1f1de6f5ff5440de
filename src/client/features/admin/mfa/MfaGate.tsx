/**
 * The desk opens only in a session that entered an authenticator code (docs/product/desk.md#admin-multi-factor):
 * first the set-up when the admin has none, else a prompt for a code, or "Use a passkey" when the
 * admin has a desk passkey (docs/product/accounts.md#passkeys). While the desk is open, an
 * action the server refuses with `step-up-required` opens a dialog asking for a new code and is sent
 * again once the code is accepted (lib/api's step-up handler).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { MfaStatus } from '#shared/admin-security-schemas';
import { setStepUpHandler } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { ShieldIcon } from '../../../ui/icons';
import { Popup } from '../../../ui/Popup';
import { DeskLoading } from '../DeskSection';
import { messageOf } from '../use-admin-data';
import { CodeForm } from './CodeForm';
import { EnrolmentPanel } from './EnrolmentPanel';
import { PasskeyButton } from './PasskeyButton';
import { fetchMfaStatus, verifyCode } from './mfa-api';
import './mfa.css';

export function MfaGate({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<MfaStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchMfaStatus(controller.signal).then(
      (loaded) => setStatus(loaded),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (!status) {
    if (error) {
      return (
        <div className="admin-gate">
          <FormMessage
            tone="error"
            action={
              <Button
                variant="ghost"
                onClick={() => {
                  setError(null);
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </Button>
            }
          >
            {error}
          </FormMessage>
        </div>
      );
    }
    return <DeskLoading label="Checking the desk's log-in…" />;
  }
  if (!status.enrolled) return <EnrolmentPanel onDone={() => setAttempt((n) => n + 1)} />;
  if (!status.verifiedAt) {
    const { passkeys, passkeyRequired } = status;
    return (
      <div className="admin-gate mfa-panel">
        <ShieldIcon size={28} className="admin-gate__icon" />
        <div className="admin-gate__text">
          <h2 className="admin-gate__title">
            {passkeyRequired
              ? 'Use your passkey to open the desk'
              : passkeys > 0
                ? 'Use a passkey or a code to open the desk'
                : 'Enter a code to open the desk'}
          </h2>
          {passkeys > 0 && (
            <>
              <p className="admin-gate__body">
                {passkeyRequired
                  ? 'This account opens the desk with a passkey only: your fingerprint, face or screen lock confirms it is you.'
                  : 'Confirm with your fingerprint, face or screen lock, or type a code from your authenticator app below.'}
              </p>
              <PasskeyButton onVerified={setStatus} />
            </>
          )}
          <p className="admin-gate__body">
            {passkeyRequired
              ? 'Lost your passkey? A recovery code works in a browser that opened the desk before.'
              : 'Open your authenticator app and type the 6-digit code it shows for this site.'}
          </p>
          <CodeForm
            submitLabel="Open the desk"
            focusOnMount={passkeys === 0}
            onSubmit={async (entry) => setStatus(await verifyCode(entry))}
          />
        </div>
      </div>
    );
  }
  return <StepUpHost passkeys={status.passkeys > 0}>{children}</StepUpHost>;
}

/** Holds the step-up dialog for the open desk and answers lib/api's handler through it. */
function StepUpHost({ children, passkeys }: { children: ReactNode; passkeys: boolean }) {
  const [asking, setAsking] = useState(false);
  const resolver = useRef<((accepted: boolean) => void) | null>(null);

  const finish = useCallback((accepted: boolean) => {
    resolver.current?.(accepted);
    resolver.current = null;
    setAsking(false);
  }, []);

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          // A second action asking while the dialog is open waits for the same answer.
          const earlier = resolver.current;
          resolver.current = (accepted) => {
            earlier?.(accepted);
            resolve(accepted);
          };
          setAsking(true);
        }),
    );
    return () => {
      setStepUpHandler(null);
      resolver.current?.(false);
      resolver.current = null;
    };
  }, []);

  return (
    <>
      {children}
      {asking && (
        <Popup title="Confirm it is you" onClose={() => finish(false)}>
          <p className="mfa-step-up__text">
            This action changes accounts or sends mail, so it needs a code entered in the last 15
            minutes. Enter the code your authenticator app shows now; the action then goes ahead.
          </p>
          {passkeys && (
            <>
              <PasskeyButton onVerified={() => finish(true)} />
              <p className="mfa-step-up__text">Or enter a code:</p>
            </>
          )}
          <CodeForm
            submitLabel="Confirm and continue"
            onCancel={() => finish(false)}
            onSubmit={async (entry) => {
              await verifyCode(entry);
              finish(true);
            }}
          />
        </Popup>
      )}
    </>
  );
}
