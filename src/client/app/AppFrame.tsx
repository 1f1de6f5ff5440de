/** The root route: the app-wide providers around the shell. */
import { AuthProvider } from '../lib/auth-state';
import { LiveStreamSync } from '../lib/use-live-event';
import { VisitCounter } from '../lib/visit-counter';
import { LayoutProvider } from '../shell/layout/LayoutProvider';
import { LoadingOverlayProvider } from '../shell/overlays/LoadingOverlay';
import { PopupProvider } from '../shell/popups/PopupProvider';
import { Shell } from '../shell/Shell';

export function AppFrame() {
  return (
    <LayoutProvider>
      <LiveStreamSync />
      <VisitCounter />
      <AuthProvider>
        <LoadingOverlayProvider>
          <PopupProvider>
            <Shell />
          </PopupProvider>
        </LoadingOverlayProvider>
      </AuthProvider>
    </LayoutProvider>
  );
}
