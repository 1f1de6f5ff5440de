/**
 * The pieces the first set-up and the desk's Authenticator section share: the new key as a QR code
 * and as text, and the recovery codes shown once with Copy codes and Download.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { MfaEnrolment } from '#shared/admin-security-schemas';
import { qrImageOnce, type QrImage } from '../../../lib/qr-image';
import { Button } from '../../../ui/Button';
import { ShieldIcon } from '../../../ui/icons';

/** The key in groups of four, as authenticator apps show it and people type it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** "Scan this code": the QR code of the offered key and the key as text. */
export function AuthenticatorKey({ enrolment }: { enrolment: MfaEnrolment }) {
  // Kept with the address it draws, so a new key never shows the previous key's picture.
  const [qr, setQr] = useState<{ uri: string; image: QrImage } | null>(null);
  const image = qr?.uri === enrolment.uri ? qr.image : null;

  useEffect(() => {
    let current = true;
    const { uri } = enrolment;
    void qrImageOnce(uri).then((drawn) => current && setQr({ uri, image: drawn }));
    return () => {
      current = false;
    };
  }, [enrolment]);

  return (
    <>
      <p>Scan this code with the app, or type the key into it.</p>
      <div className="mfa-qr">
        {image && 'src' in image ? (
          <img
            className="mfa-qr__image"
            src={image.src}
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
    </>
  );
}

/** The ten codes as a list, with Copy codes and Download, and the caller's own last button. */
export function RecoveryCodeList({ codes, children }: { codes: string[]; children: ReactNode }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  return (
    <>
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
        {children}
      </div>
    </>
  );
}

/** The first set-up's last card: the codes, shown this once, then the desk opens. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  return (
    <div className="admin-gate mfa-panel" data-tone="done">
      <ShieldIcon size={28} className="admin-gate__icon" />
      <div className="admin-gate__text">
        <h2 className="admin-gate__title">Save your recovery codes</h2>
        <p className="admin-gate__body">{RECOVERY_CODES_NOTE}</p>
        <RecoveryCodeList codes={codes}>
          <Button variant="primary" onClick={onDone}>
            {doneLabel}
          </Button>
        </RecoveryCodeList>
      </div>
    </div>
  );
}

export const RECOVERY_CODES_NOTE =
  'If you lose the phone with the app, each of these codes opens the desk once. They are shown only now: keep them in a password manager or on paper, away from this computer.';
