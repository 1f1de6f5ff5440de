import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function PurchasePage() {
  return (
    <SimplePage
      route="purchase"
      eyebrow="Indicators"
      lead="This is where you will buy access to the indicators and see what you already own."
      later="Checkout opens with a later release."
    />
  );
}
