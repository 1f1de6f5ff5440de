import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function AdminPage() {
  return (
    <SimplePage
      route="admin"
      eyebrow="For the site owner"
      lead="The owner's desk: traffic, error reports, submissions, assistant messages and mailing lists, for admin accounts only."
      later="The dashboard arrives with a later release."
    />
  );
}
