import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function TermsOfServicePage() {
  return (
    <SimplePage
      route="termsOfService"
      eyebrow="Legal"
      lead="The terms for using this site, its accounts and its products will be published here, in plain language."
      later="The full terms are published before accounts open."
    />
  );
}
