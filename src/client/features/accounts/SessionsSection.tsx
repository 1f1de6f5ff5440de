/** "Log out other sessions" on /account: ends every session but this one. */
import { useState } from 'react';
import { COPY } from '#shared/copy';
import { Button } from '../../ui/Button';
import { FormMessage } from '../../ui/form/FormMessage';
import { revokeOtherSessions } from './api';
import { problemFromError, type FormProblem } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { SettingsSection } from './SettingsSection';

export function signedOutMessage(revoked: number): string {
  if (revoked === 0) return 'Done. You were not logged in anywhere else.';
  return `Done. Logged out of ${revoked} other ${revoked === 1 ? 'session' : 'sessions'}.`;
}

export function SessionsSection() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function revoke() {
    if (busy) return;
    setBusy(true);
    setResult(null);
    setProblem(null);
    try {
      setResult(signedOutMessage(await revokeOtherSessions()));
    } catch (error) {
      setProblem(problemFromError(error, [], COPY.somethingWentWrongForm));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      title="Sessions"
      description="Logged in on a shared or lost device? Log out everywhere except here."
    >
      <div className="account-form__actions account-form__actions--start">
        <Button loading={busy} onClick={() => void revoke()}>
          Log out other sessions
        </Button>
      </div>
      <ProblemMessage problem={problem} errorName="handleSessions" />
      {result && <FormMessage tone="success">{result}</FormMessage>}
    </SettingsSection>
  );
}
