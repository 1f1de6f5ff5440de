/**
 * Everything the shell layers above the page, mounted once: the open pop-up, the donate button and
 * the cookie notice (sharing the bottom edge without overlapping) and the loading overlay.
 */
import { Assistant } from '../assistant/Assistant';
import { CookieNotice } from '../cookie-notice/CookieNotice';
import { DonateButton } from '../donate/DonateButton';
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
        <DonateButton />
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
