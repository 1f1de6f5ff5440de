/**
 * The loading overlay (docs/product/shell.md#loading-overlay): the latest message of lib/loading's stack
 * is displayed and the overlay hides when every show has been hidden. It sits above pop-ups
 * (z-index 100) and outside the part of the page a pop-up makes inert.
 */
import { use } from 'react';
import { createPortal } from 'react-dom';
import { LOADING_OVERLAY_Z_INDEX } from '#shared/layout';
import { KEEP_ACTIVE_ATTRIBUTE } from '../../ui/modal-inert';
import { Spinner } from '../../ui/Spinner';
import { latestEntry } from '../../lib/loading/loading-stack';
import { LoadingStackContext } from '../../lib/loading/LoadingOverlayProvider';
import { useIsClient } from '../../lib/use-is-client';
import './loading-overlay.css';

/** The overlay itself; ShellOverlays mounts it once. */
export function LoadingOverlay() {
  const entry = latestEntry(use(LoadingStackContext));
  const visible = entry !== null;
  if (!useIsClient()) return null;
  return createPortal(
    <div
      className="loading-overlay"
      data-visible={visible}
      data-blurred={entry?.blurred ?? false}
      style={{ zIndex: LOADING_OVERLAY_Z_INDEX }}
      {...{ [KEEP_ACTIVE_ATTRIBUTE]: '' }}
    >
      {/* The live region stays mounted so screen readers hear each new message. */}
      <div className="loading-overlay__card" role="status" aria-live="polite">
        {visible && (
          <>
            <Spinner size={20} />
            <span className="loading-overlay__message">{entry.message}</span>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
