import { IconButton } from '../../ui/IconButton';
import { HideLayoutIcon, ShowLayoutIcon } from '../../ui/icons';
import { useLayout } from '../layout/use-layout';

/** In the header: hides the layout. */
export function HideLayoutToggle() {
  const { hideLayout, setHideLayout } = useLayout();
  return (
    <IconButton
      label="Hide layout"
      aria-pressed={hideLayout}
      icon={<HideLayoutIcon />}
      onClick={() => setHideLayout(!hideLayout)}
    />
  );
}

/** While the layout is hidden: a small floating button at the hide-layout offsets to show it again. */
export function ShowLayoutButton() {
  const { hideLayout, setHideLayout } = useLayout();
  if (!hideLayout) return null;
  return (
    <IconButton
      className="show-layout-button"
      label="Show layout"
      icon={<ShowLayoutIcon />}
      onClick={() => setHideLayout(false)}
    />
  );
}
