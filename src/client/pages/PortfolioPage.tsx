import { PortfolioIllustration } from './illustrations/illustrations';
import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function PortfolioPage() {
  return (
    <SimplePage
      illustration={<PortfolioIllustration />}
      route="portfolio"
      eyebrow="Indicators"
      lead="A TradingView indicator that follows the assets you hold and shows how the whole portfolio is doing, right on your chart."
      later="The chart preview and the trial arrive with a later release."
    />
  );
}
