/** The whole app: the app-wide providers around the shell and the page, with the features' pop-ups registered. */
import { useEffect } from 'react';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { LiveStreamSync } from '../lib/LiveStreamSync';
import { VisitCounter } from '../lib/visit-counter';
import { LayoutProvider } from '../lib/layout/LayoutProvider';
import { LoadingOverlayProvider } from '../lib/loading/LoadingOverlayProvider';
import { PopupProvider } from '../lib/popups/PopupProvider';
import { AppRouter } from '../lib/navigation/router';
import { preloadPopups } from '../shell/popups/load-popup-content';
import { Shell } from '../shell/Shell';
import { FEATURE_POPUPS } from './feature-popups';
import { PageOutlet } from './router';
import { ShellErrorBoundary } from './RouteErrorView';

/**
 * Marks <html data-ready> once the app runs (after hydration, a prerendered page's buttons and links
 * are live): the browser tests wait for it before they press anything.
 */
function ReadyMark(): null {
  useEffect(() => {
    document.documentElement.setAttribute('data-ready', 'true');
  }, []);
  return null;
}

export function AppFrame() {
  return (
    <ShellErrorBoundary>
      <AppRouter>
        <LayoutProvider>
          <ReadyMark />
          <LiveStreamSync />
          <VisitCounter />
          <AuthProvider>
            <LoadingOverlayProvider>
              <PopupProvider registry={FEATURE_POPUPS} preloadHost={preloadPopups}>
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
