import { CandlesIllustration } from './illustrations/illustrations';
import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function LongAndShortPositionPage() {
  return (
    <SimplePage
      illustration={<CandlesIllustration />}
      route="longAndShortPosition"
      eyebrow="Indicators"
      lead="A TradingView indicator that marks long and short positions with their entries, targets and stops, so you can see the whole trade on the chart before you take it."
      later="The live chart preview and the free trial arrive with a later release."
    />
  );
}
