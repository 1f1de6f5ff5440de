/**
 * The newsletter switch on /account: applies at once; switching on sends a confirmation mail (double
 * opt-in), so it says to check the inbox, switching off says "Saved."; a failure puts it back.
 */
import { useState } from 'react';
import type { UserInfo } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { useAuth } from '../../lib/auth/use-auth';
import { FormMessage } from '../../ui/form/FormMessage';
import { Switch } from '../../ui/form/Switch';
import { updateMe } from './api';
import { problemFromError, type FormProblem } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { SettingsSection } from './SettingsSection';

export function NewsletterSection({ info }: { info: UserInfo }) {
  const { setUserInfo } = useAuth();
  const [pending, setPending] = useState<boolean | null>(null);
  const [saved, setSaved] = useState<'confirm' | 'saved' | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function change(subscribed: boolean) {
    setPending(subscribed);
    setSaved(null);
    setProblem(null);
    try {
      setUserInfo(await updateMe({ subscribedToNewsletter: subscribed }));
      setSaved(subscribed ? 'confirm' : 'saved');
    } catch (error) {
      setProblem(problemFromError(error, [], COPY.somethingWentWrongForm));
    } finally {
      setPending(null);
    }
  }

  return (
    <SettingsSection title="Newsletter">
      <Switch
        label="Send me the newsletter"
        description="Now and then: new indicators, art, music and apps. Unsubscribe any time."
        checked={pending ?? info.subscribedToNewsletter}
        busy={pending !== null}
        onCheckedChange={(checked) => void change(checked)}
      />
      <ProblemMessage problem={problem} errorName="handleNewsletter" />
      {saved && (
        <FormMessage tone="success">
          {saved === 'confirm'
            ? 'Check your inbox to confirm: the newsletter starts once you press the link in the mail we just sent.'
            : 'Saved.'}
        </FormMessage>
      )}
    </SettingsSection>
  );
}
