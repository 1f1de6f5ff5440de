import { useSyncExternalStore } from 'react';
import { IconButton } from '../../ui/IconButton';
import { EnterFullscreenIcon, ExitFullscreenIcon } from '../../ui/icons';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement !== null;
const isSupported = () => document.fullscreenEnabled;
const unchanging = () => () => {};

/**
 * Hidden where the Fullscreen API is missing (e.g. iPhone Safari: /theme-init.js marks <html> so the
 * prerendered button is hidden before paint) and in productivity-app mode.
 */
export function FullscreenToggle() {
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const supported = useSyncExternalStore(unchanging, isSupported, () => true);
  if (!supported) return null;

  function toggle() {
    const request = fullscreen
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    // Refused requests (no user gesture, embedding policy) leave the page as it is.
    request.catch(() => {});
  }

  return (
    <IconButton
      className="fullscreen-toggle"
      label="Fullscreen"
      aria-pressed={fullscreen}
      icon={fullscreen ? <ExitFullscreenIcon /> : <EnterFullscreenIcon />}
      onClick={toggle}
    />
  );
}
