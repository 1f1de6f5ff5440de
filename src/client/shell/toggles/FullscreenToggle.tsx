import { useSyncExternalStore } from 'react';
import { IconButton } from '../../ui/IconButton';
import { EnterFullscreenIcon, ExitFullscreenIcon } from '../../ui/icons';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement !== null;

/** Hidden where the Fullscreen API is missing (e.g. iPhone Safari) and in productivity-app mode. */
export function FullscreenToggle() {
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen, () => false);
  if (!document.fullscreenEnabled) return null;

  function toggle() {
    const request = fullscreen
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    // Refused requests (no user gesture, embedding policy) leave the page as it is.
    request.catch(() => {});
  }

  return (
    <IconButton
      label="Fullscreen"
      aria-pressed={fullscreen}
      icon={fullscreen ? <ExitFullscreenIcon /> : <EnterFullscreenIcon />}
      onClick={toggle}
    />
  );
}
