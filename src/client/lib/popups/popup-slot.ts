/** What the host hands every pop-up so its <Popup> can play the exit transition. */
export interface PopupSlotProps {
  leaving: boolean;
  onExited: () => void;
}
