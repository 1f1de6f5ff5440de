/** The root route: the app-wide providers around the shell, with the features' pop-ups registered. */
import { AuthProvider } from '../lib/auth/AuthProvider';
import { LiveStreamSync } from '../lib/LiveStreamSync';
import { VisitCounter } from '../lib/visit-counter';
import { LayoutProvider } from '../lib/layout/LayoutProvider';
import { LoadingOverlayProvider } from '../lib/loading/LoadingOverlayProvider';
import { PopupProvider } from '../lib/popups/PopupProvider';
import { Shell } from '../shell/Shell';
import { FEATURE_POPUPS } from './feature-popups';

export function AppFrame() {
  return (
    <LayoutProvider>
      <LiveStreamSync />
      <VisitCounter />
      <AuthProvider>
        <LoadingOverlayProvider>
          <PopupProvider registry={FEATURE_POPUPS}>
            <Shell />
          </PopupProvider>
        </LoadingOverlayProvider>
      </AuthProvider>
    </LayoutProvider>
  );
}
