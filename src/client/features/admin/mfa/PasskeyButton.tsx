/**
 * "Use a passkey" where the desk asks for a code (docs/product/desk.md#admin-multi-factor): opening
 * the desk and the step-up. The browser asks for the admin's desk passkey; a refusal shows beside
 * the button in the server's words (or the browser's failure, told plainly).
 */
import { useState } from 'react';
import type { MfaStatus } from '#shared/admin-security-schemas';
import { passkeyAborted } from '../../../lib/passkeys';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { passkeyProblem } from '../../../ui/form/passkey-problem';
import { verifyPasskey } from './mfa-api';

interface PasskeyButtonProps {
  label?: string;
  onVerified: (status: MfaStatus) => void;
  variant?: 'primary' | 'secondary';
}

export function PasskeyButton({
  label = 'Use a passkey',
  onVerified,
  variant = 'primary',
}: PasskeyButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function use() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const status = await verifyPasskey();
      setBusy(false);
      onVerified(status);
    } catch (failure) {
      if (!passkeyAborted(failure)) setError(passkeyProblem(failure).message);
      setBusy(false);
    }
  }

  return (
    <div className="mfa-passkey">
      <div className="desk-actions desk-actions--start">
        <Button variant={variant} loading={busy} onClick={() => void use()}>
          {label}
        </Button>
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}
