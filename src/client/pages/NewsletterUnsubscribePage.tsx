import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function NewsletterUnsubscribePage() {
  return (
    <SimplePage
      route="newsletterUnsubscribe"
      eyebrow="Newsletter"
      lead="The link at the bottom of every newsletter brings you here to leave the list with one click."
      later="One-click unsubscribe opens together with the newsletter."
    />
  );
}
