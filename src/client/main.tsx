// Before any lazy chunk brings zod in (lib/zod-without-eval.ts).
import './lib/zod-without-eval';
// Tokens and base styles first, so every component's CSS comes after them in the bundle.
import './styles/tokens.css';
import './styles/base.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isAssetPath } from '#shared/paths';
import { AppFrame } from './app/AppFrame';
import { pageFailedToLoad, preparePage, redirectOf } from './app/router';
import { startBrowserLocation } from './lib/navigation/location-store';
import { readEmbeddedContent } from './lib/site-content';

const container = document.getElementById('root');

async function start(root: HTMLElement) {
  // The page's module is in before the first render, so hydration finds the very markup the
  // server sent (docs/architecture.md#client-routing).
  // The words the page carried, before anything renders: the markup was made from them.
  readEmbeddedContent();
  const location = startBrowserLocation({ prepare: preparePage, redirect: redirectOf });
  await preparePage(location);
  const app = (
    <StrictMode>
      <AppFrame />
    </StrictMode>
  );
  // A page whose module did not load shows the error view, not the markup sent: render afresh.
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
  // blocking it for the whole page (the page is already painted and readable meanwhile).
  if (root.hasChildNodes() && !pageFailedToLoad(location)) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

// docs/product/pages.md#route-quirks: nothing is rendered for paths under /assets (the server answers
// them with files or 404).
if (container && !isAssetPath(window.location.pathname)) void start(container);
