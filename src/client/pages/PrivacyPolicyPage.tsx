import { COPY } from '#shared/copy';
import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function PrivacyPolicyPage() {
  return (
    <SimplePage
      route="privacyPolicy"
      eyebrow="Legal"
      lead={`${COPY.cookieNotice} What is stored about you, why, and how to delete it will be set out here in full.`}
      later="The full privacy policy is published before accounts open."
    />
  );
}
