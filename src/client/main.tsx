// Tokens and base styles first, so every component's CSS comes after them in the bundle.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { isAssetPath } from '#shared/paths';
import { createAppRouter } from './app/router';

const container = document.getElementById('root');

// docs/product.md#route-quirks: nothing is rendered for paths under /assets (the server answers
// them with files or 404).
if (container && !isAssetPath(window.location.pathname)) {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
}
