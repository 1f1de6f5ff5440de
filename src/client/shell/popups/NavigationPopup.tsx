/**
 * The navigation panel as a pop-up (mobile and tablet, docs/product/shell.md#side-navigation); the panel
 * closes it when a link navigates.
 */
import { Popup } from '../../ui/Popup';
import { NavigationPanel } from '../navigation/NavigationPanel';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import { usePopups } from '../../lib/popups/use-popups';

export function NavigationPopup(slot: PopupSlotProps) {
  const { close } = usePopups();
  return (
    <Popup title="Navigation" onClose={close} {...slot}>
      <NavigationPanel variant="popup" />
    </Popup>
  );
}
