import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function AccountResetPasswordPage() {
  return (
    <SimplePage
      route="accountResetPassword"
      eyebrow="Your account"
      lead="Choose a new password here using the link from your reset e-mail."
      later="The reset form arrives together with accounts."
    />
  );
}
