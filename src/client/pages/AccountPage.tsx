import { AccountView } from '../features/accounts/AccountView';
import { OwnerNotifications } from '../features/admin/notifications/OwnerNotifications';
import { PageMain } from './PageMain';

export function AccountPage() {
  return (
    <PageMain route="account">
      <div className="page__intro">
        <p className="page__eyebrow">Your account</p>
        <h1 className="page__title">Account</h1>
      </div>
      <AccountView>
        <OwnerNotifications />
      </AccountView>
    </PageMain>
  );
}
