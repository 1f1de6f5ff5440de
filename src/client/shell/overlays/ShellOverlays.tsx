/**
 * Everything the shell layers above the page, mounted once: the open pop-up, the cookie notice, the
 * loading overlay, the offline notice and the assistant. (The donate button sits in the header's
 * tools, so no floating control covers the page: docs/product/shell.md#donate-button.)
 */
import { Assistant } from '../assistant/Assistant';
import { CookieNotice } from '../cookie-notice/CookieNotice';
import { PopupHost } from '../popups/PopupHost';
import { FloatingThemeToggle } from '../toggles/FloatingThemeToggle';
import { PopupChromeContext } from '../../ui/popup-chrome';
import { LoadingOverlay } from './LoadingOverlay';
import { OfflineNotice } from './OfflineNotice';
import './shell-overlays.css';

export function ShellOverlays() {
  return (
    <>
      <div className="corner-dock">
        <CookieNotice />
      </div>
      <PopupChromeContext value={<FloatingThemeToggle />}>
        <PopupHost />
      </PopupChromeContext>
      <LoadingOverlay />
      <OfflineNotice />
      <Assistant />
    </>
  );
}
