import { ArtIllustration } from './illustrations/illustrations';
import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function ArtPage() {
  return (
    <SimplePage
      illustration={<ArtIllustration />}
      route="art"
      eyebrow="Art"
      lead="Original artwork, from first sketch to finished piece, shown large and with the story behind it."
      later="The gallery opens with a later release."
    />
  );
}
