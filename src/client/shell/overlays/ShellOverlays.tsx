/**
 * Everything the shell layers above the page, mounted once: the open pop-up, the loading overlay,
 * the offline notice and the assistant. (The donate button sits in the header's tools and the
 * cookie notice above the header, so neither covers the page: docs/product/shell.md#nothing-covers-the-page.)
 */
import { Assistant } from '../assistant/Assistant';
import { PopupHost } from '../popups/PopupHost';
import { FloatingThemeToggle } from '../toggles/FloatingThemeToggle';
import { PopupChromeContext } from '../../ui/popup-chrome';
import { LoadingOverlay } from './LoadingOverlay';
import { OfflineNotice } from './OfflineNotice';

export function ShellOverlays() {
  return (
    <>
      <PopupChromeContext value={<FloatingThemeToggle />}>
        <PopupHost />
      </PopupChromeContext>
      <LoadingOverlay />
      <OfflineNotice />
      <Assistant />
    </>
  );
}
