import { NewPasswordForm } from '../features/accounts/NewPasswordForm';
import { useResetToken } from '../features/accounts/use-reset-token';
import { useNoReferrer } from '../lib/use-no-referrer';
import '../features/accounts/account-page.css';
import { PageMain } from './PageMain';

export function AccountResetPasswordPage() {
  useNoReferrer();
  const token = useResetToken();
  return (
    <PageMain route="accountResetPassword">
      <div className="page__intro">
        <p className="page__eyebrow">Your account</p>
        <h1 className="page__title">Choose a new password</h1>
        <p className="page__lead">
          Pick a password of at least 6 characters that you do not use anywhere else.
        </p>
      </div>
      <div className="reset-password">
        <NewPasswordForm token={token} />
      </div>
    </PageMain>
  );
}
