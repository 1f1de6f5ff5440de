import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function PitchesUnsubscribePage() {
  return (
    <SimplePage
      route="pitchesUnsubscribe"
      eyebrow="Mail"
      lead="The link in any pitch e-mail brings you here to stop receiving them with one click."
      later="One-click unsubscribe opens with a later release."
    />
  );
}
