import { IconButton } from '../../ui/IconButton';
import { MenuIcon } from '../../ui/icons';
import { usePopups } from '../../lib/popups/use-popups';

/** The three-bar button that opens the navigation pop-up where the panel is not inline. */
export function NavigationMenuButton() {
  const { current, open, preload } = usePopups();
  return (
    <IconButton
      className="navigation-menu-button"
      label="Open navigation"
      aria-haspopup="dialog"
      aria-expanded={current?.name === 'navigation'}
      icon={<MenuIcon />}
      onPointerEnter={() => preload()}
      onFocus={() => preload()}
      onClick={() => open({ name: 'navigation' })}
    />
  );
}
