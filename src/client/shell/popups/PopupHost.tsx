/**
 * Renders the open pop-up by name: the shell's own pop-ups here, the features' pop-ups through the
 * registry app/ gave the PopupProvider. Each open has its own key, so content mounts fresh and no
 * field, error or checkbox survives a reopen (docs/product/shell.md#pop-ups). After close the last pop-up
 * stays mounted, inert, for its exit transition.
 */
import { lazy, Suspense, useState } from 'react';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import { usePopupHost } from '../../lib/popups/use-popup-host';
import { loadPopupContent } from './load-popup-content';

// Every pop-up's code comes with the first one opened (or pointed at): none is on the first load.
const PopupContent = lazy(loadPopupContent);

export function PopupHost() {
  const { open: openPopup, registry } = usePopupHost();
  const [shown, setShown] = useState(openPopup);
  const [seen, setSeen] = useState(openPopup);
  if (openPopup !== seen) {
    setSeen(openPopup);
    if (openPopup) setShown(openPopup);
  }
  if (!shown) return null;
  const slot: PopupSlotProps = { leaving: openPopup === null, onExited: () => setShown(null) };
  return (
    <Suspense fallback={null}>
      <PopupContent key={shown.openId} state={shown.state} slot={slot} registry={registry} />
    </Suspense>
  );
}
