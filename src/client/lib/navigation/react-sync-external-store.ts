// React 19 has useSyncExternalStore itself: wouter's import of the React 17 shim resolves here
// (vite.config.ts), so the shim's code stays out of the bundle.
export { useSyncExternalStore } from 'react';
