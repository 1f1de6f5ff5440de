import { AdminView } from '../features/admin/AdminView';
import { PageMain } from './PageMain';

export function AdminPage() {
  return (
    <PageMain route="admin" className="page--admin">
      <div className="page__intro">
        <p className="page__eyebrow">For the site owner</p>
        <h1 className="page__title">Admin</h1>
      </div>
      <AdminView />
    </PageMain>
  );
}
