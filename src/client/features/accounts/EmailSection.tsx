/** The email address on /account, whether it is verified, and "Resend verification mail". */
import { useState } from 'react';
import type { UserInfo } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { Button } from '../../ui/Button';
import { FormMessage } from '../../ui/form/FormMessage';
import { CheckIcon, MailIcon } from '../../ui/icons';
import { resendVerificationMail } from './api';
import { problemFromError, type FormProblem } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { SettingsSection } from './SettingsSection';

export function EmailSection({ info }: { info: UserInfo }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function resend() {
    if (sending) return;
    setSending(true);
    setSent(false);
    setProblem(null);
    try {
      await resendVerificationMail();
      setSent(true);
    } catch (error) {
      setProblem(problemFromError(error, [], COPY.somethingWentWrongForm));
    } finally {
      setSending(false);
    }
  }

  return (
    <SettingsSection title="Email">
      <div className="account-email">
        <span className="account-email__address">{info.email}</span>
        {info.emailVerified ? (
          <span className="account-badge" data-tone="success">
            <CheckIcon size={14} />
            Verified
          </span>
        ) : (
          <span className="account-badge" data-tone="warning">
            Not verified yet
          </span>
        )}
      </div>
      {!info.emailVerified && (
        <>
          <p className="account-section__description">
            We sent you a mail with a link to confirm this address. No mail? Check the spam folder,
            or send it again.
          </p>
          <div className="account-form__actions account-form__actions--start">
            <Button loading={sending} onClick={() => void resend()}>
              <MailIcon size={18} />
              Resend verification mail
            </Button>
          </div>
        </>
      )}
      <ProblemMessage problem={problem} errorName="handleEmailVerification" />
      {sent && (
        <FormMessage tone="success">
          Verification mail sent to {info.email}. The link in it is valid for a limited time.
        </FormMessage>
      )}
    </SettingsSection>
  );
}
