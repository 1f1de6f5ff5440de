/** The whole app: the app-wide providers around the shell and the page, with the features' pop-ups registered. */
import { AuthProvider } from '../lib/auth/AuthProvider';
import { LiveStreamSync } from '../lib/LiveStreamSync';
import { VisitCounter } from '../lib/visit-counter';
import { LayoutProvider } from '../lib/layout/LayoutProvider';
import { LoadingOverlayProvider } from '../lib/loading/LoadingOverlayProvider';
import { PopupProvider } from '../lib/popups/PopupProvider';
import { AppRouter } from '../lib/navigation/router';
import { Shell } from '../shell/Shell';
import { FEATURE_POPUPS } from './feature-popups';
import { PageOutlet } from './router';
import { ShellErrorBoundary } from './RouteErrorView';

export function AppFrame() {
  return (
    <ShellErrorBoundary>
      <AppRouter>
        <LayoutProvider>
          <LiveStreamSync />
          <VisitCounter />
          <AuthProvider>
            <LoadingOverlayProvider>
              <PopupProvider registry={FEATURE_POPUPS}>
                <Shell>
                  <PageOutlet />
                </Shell>
              </PopupProvider>
            </LoadingOverlayProvider>
          </AuthProvider>
        </LayoutProvider>
      </AppRouter>
    </ShellErrorBoundary>
  );
}
