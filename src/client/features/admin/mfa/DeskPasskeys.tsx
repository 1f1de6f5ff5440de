/**
 * The desk's passkeys, in its Authenticator section (docs/product/desk.md#admin-multi-factor): how many
 * open the desk, add one (a passkey added while the desk is open is one of the desk's; the server
 * asks for a recent code first, through lib/api's prompt), and "Require a passkey", which turns the
 * authenticator app's codes off. Turning it on asks the browser for a passkey at that moment, so one
 * surely works. Refusals show beside the controls in the server's words.
 */
import { useState } from 'react';
import type { MfaStatus } from '#shared/admin-security-schemas';
import { passkeyAborted } from '../../../lib/passkeys';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form/FormMessage';
import { Switch } from '../../../ui/form/Switch';
import { addPasskey } from '../../../lib/passkeys-api';
import { passkeyProblem } from '../../../ui/form/passkey-problem';
import { setPasskeyRequired } from './mfa-api';

interface DeskPasskeysProps {
  status: MfaStatus;
  /** The status changed on the server: read it again. */
  onChanged: () => void;
}

export function DeskPasskeys({ status, onChanged }: DeskPasskeysProps) {
  const [busy, setBusy] = useState<'add' | 'require' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function run(what: 'add' | 'require', action: () => Promise<string>) {
    if (busy) return;
    setBusy(what);
    setError(null);
    setNotice(null);
    try {
      setNotice(await action());
      onChanged();
    } catch (failure) {
      if (!passkeyAborted(failure)) setError(passkeyProblem(failure).message);
    }
    setBusy(null);
  }

  const { passkeys, passkeyRequired } = status;
  return (
    <div className="mfa-passkeys" role="group" aria-label="Desk passkeys">
      <dl className="mfa-facts">
        <div>
          <dt>Desk passkeys</dt>
          <dd>
            {passkeys === 0
              ? 'None yet'
              : `${passkeys} ${passkeys === 1 ? 'passkey opens' : 'passkeys open'} the desk`}
          </dd>
        </div>
      </dl>
      {passkeys > 0 ? (
        <Switch
          label="Require a passkey"
          checked={passkeyRequired}
          busy={busy === 'require'}
          description="Only a passkey opens the desk; the authenticator app's codes are refused, since a fake site can relay a typed code. Turning it on asks for your passkey now."
          onCheckedChange={(on) =>
            void run('require', async () => {
              await setPasskeyRequired(on);
              return on
                ? 'Done. Only a passkey opens the desk now.'
                : 'Done. Codes from the authenticator app open the desk again.';
            })
          }
        />
      ) : (
        <p className="mfa-manage__text">
          Add a passkey to open the desk with your fingerprint, face or screen lock instead of a
          code.
        </p>
      )}
      <div className="desk-actions desk-actions--start">
        <Button
          loading={busy === 'add'}
          disabled={busy === 'require'}
          onClick={() =>
            void run('add', async () => {
              const added = await addPasskey();
              return `Added “${added.name}”. It opens the desk; rename or remove it on your account page.`;
            })
          }
        >
          Add a desk passkey
        </Button>
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
    </div>
  );
}
