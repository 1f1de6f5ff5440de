import { siteContent } from '../../lib/site-content';
import { useLayout } from '../../lib/layout/use-layout';

/**
 * Embedded-app mode's 30 px bar: the site name and a way back to the normal site. While a prerendered
 * page hydrates it is in the markup and shown only under <html data-embedded> (shell.css).
 */
export function TopMenuBar() {
  const { leaveEmbedded } = useLayout();
  return (
    <div className="top-menu-bar" lang="en">
      <span className="top-menu-bar__name">{siteContent().siteName}</span>
      <button type="button" className="top-menu-bar__leave" onClick={leaveEmbedded}>
        Leave embedded mode
      </button>
    </div>
  );
}
