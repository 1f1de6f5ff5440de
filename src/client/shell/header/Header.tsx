/**
 * The site header (docs/product/shell.md#header-navigation): brand on the left, the navigation for the
 * screen class, and the toggles on the right. Exactly --header-height tall: a 280 px banner on
 * mobile, 135 px above.
 */
import { Link, NavLink } from '../../lib/navigation/router';
import { paths } from '#shared/paths';
import { initialsOf, siteContent } from '../../lib/site-content';
import { FullscreenToggle } from '../toggles/FullscreenToggle';
import { HideLayoutToggle } from '../toggles/HideLayoutToggle';
import { ThemeToggle } from '../toggles/ThemeToggle';
import { DonateButton } from '../donate/DonateButton';
import { useLayout } from '../../lib/layout/use-layout';
import { NavigationMenuButton } from '../navigation/NavigationMenuButton';
import { COMPACT_ITEMS, DESKTOP_ITEMS, type HeaderItem } from './header-links';
import { HeaderDropdown } from './HeaderDropdown';
import './header.css';

function HeaderItems({ items, variant }: { items: HeaderItem[]; variant: 'wide' | 'compact' }) {
  return (
    <ul className={`header-nav__list header-nav__list--${variant}`}>
      {items.map((item) =>
        item.kind === 'menu' ? (
          <HeaderDropdown key={item.id} label={item.label} sections={item.sections} />
        ) : (
          <li key={item.link.to}>
            <NavLink to={item.link.to} className="header-link">
              {item.link.label}
            </NavLink>
          </li>
        ),
      )}
    </ul>
  );
}

export function Header() {
  const { screen, productivity, inlineNavigation } = useLayout();
  // Both while hydrating (use-layout.ts); header.css shows the one for the width.
  const wide = screen === null || screen === 'desktop';
  const compact = screen === null || screen !== 'desktop';

  return (
    <header className="site-header" lang="en">
      <div className="site-header__inner">
        <Link to={paths.home} className="brand">
          <span className="brand__mark" aria-hidden="true">
            {initialsOf(siteContent().creatorName)}
          </span>
          <span className="brand__text">
            <span className="brand__name">{siteContent().creatorName}</span>
            <span className="brand__tagline">{siteContent().tagline}</span>
          </span>
        </Link>
        <div className="site-header__tools">
          <DonateButton />
          <ThemeToggle />
          {!productivity && <FullscreenToggle />}
          <HideLayoutToggle />
          {inlineNavigation !== true && <NavigationMenuButton />}
        </div>
        <nav className="header-nav" aria-label="Main">
          {wide && <HeaderItems items={DESKTOP_ITEMS} variant="wide" />}
          {compact && <HeaderItems items={COMPACT_ITEMS} variant="compact" />}
        </nav>
      </div>
    </header>
  );
}
