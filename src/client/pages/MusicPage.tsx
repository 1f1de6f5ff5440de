import { MusicIllustration } from './illustrations/illustrations';
import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function MusicPage() {
  return (
    <SimplePage
      illustration={<MusicIllustration />}
      route="music"
      eyebrow="Music"
      lead="Tracks and releases to listen to right here, with a note on how each one came together."
      later="The player and the first releases arrive with a later release."
    />
  );
}
