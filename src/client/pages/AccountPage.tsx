import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function AccountPage() {
  return (
    <SimplePage
      route="account"
      eyebrow="Your account"
      lead="Your username, avatar, newsletter choice and data will be managed here once you have an account."
      later="Accounts open with a later release."
    />
  );
}
