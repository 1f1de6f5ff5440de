/**
 * Setting up the authenticator, in three steps on one card: scan the QR code (or type the key),
 * confirm one code, then save the ten recovery codes, which are shown this once. The desk opens when
 * the owner says the codes are saved.
 */
import { useEffect, useState } from 'react';
import type { MfaEnrolment } from '#shared/admin-security-schemas';
import { qrImageOnce, type QrImage } from '../../../lib/qr-image';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { ShieldIcon } from '../../../ui/icons';
import { messageOf } from '../use-admin-data';
import { CodeForm } from './CodeForm';
import { confirmEnrolment, startEnrolment } from './mfa-api';

/** The key in groups of four, as authenticator apps show it and people type it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export function EnrolmentPanel({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [qr, setQr] = useState<QrImage | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!enrolment) return;
    let current = true;
    void qrImageOnce(enrolment.uri).then((image) => current && setQr(image));
    return () => {
      current = false;
    };
  }, [enrolment]);

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

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

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
              <p>Scan this code with the app, or type the key into it.</p>
              <div className="mfa-qr">
                {qr && 'src' in qr ? (
                  <img
                    className="mfa-qr__image"
                    src={qr.src}
                    width={176}
                    height={176}
                    alt="QR code for your authenticator app"
                  />
                ) : (
                  <span className="skeleton mfa-qr__image" aria-hidden="true" />
                )}
                <div className="mfa-qr__key">
                  <span className="mfa-qr__label" id="mfa-key-label">
                    Key
                  </span>
                  <code className="mfa-qr__secret" aria-labelledby="mfa-key-label">
                    {grouped(enrolment.secret)}
                  </code>
                </div>
              </div>
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

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  return (
    <div className="admin-gate mfa-panel" data-tone="done">
      <ShieldIcon size={28} className="admin-gate__icon" />
      <div className="admin-gate__text">
        <h2 className="admin-gate__title">Save your recovery codes</h2>
        <p className="admin-gate__body">
          If you lose the phone with the app, each of these codes opens the desk once. They are
          shown only now: keep them in a password manager or on paper, away from this computer.
        </p>
        <ul className="mfa-recovery-codes" aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <div className="desk-actions desk-actions--start">
          <Button
            onClick={() => {
              void navigator.clipboard?.writeText(text).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy codes'}
          </Button>
          <a
            className="button button--secondary"
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
            download="recovery-codes.txt"
          >
            Download
          </a>
          <Button variant="primary" onClick={onDone}>
            I saved them, open the desk
          </Button>
        </div>
      </div>
    </div>
  );
}
