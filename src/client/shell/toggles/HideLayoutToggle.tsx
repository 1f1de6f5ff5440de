import { flushSync } from 'react-dom';
import { IconButton } from '../../ui/IconButton';
import { HideLayoutIcon, ShowLayoutIcon } from '../../ui/icons';
import { useLayout } from '../../lib/layout/use-layout';

const HIDE_TOGGLE_ATTRIBUTE = 'data-hide-layout-toggle';
const SHOW_BUTTON_ATTRIBUTE = 'data-show-layout-button';

/** The button that was clicked disappears with the header, so focus moves to its counterpart. */
function focusAfterSwitch(attribute: string) {
  document.querySelector<HTMLElement>(`[${attribute}]`)?.focus();
}

/** In the header: hides the layout. */
export function HideLayoutToggle() {
  const { hideLayout, setHideLayout } = useLayout();
  return (
    <IconButton
      {...{ [HIDE_TOGGLE_ATTRIBUTE]: '' }}
      label="Hide layout"
      aria-pressed={hideLayout}
      icon={<HideLayoutIcon />}
      onClick={() => {
        flushSync(() => setHideLayout(!hideLayout));
        focusAfterSwitch(SHOW_BUTTON_ATTRIBUTE);
      }}
    />
  );
}

/** While the layout is hidden: a small floating button at the hide-layout offsets to show it again. */
export function ShowLayoutButton() {
  const { hideLayout, setHideLayout } = useLayout();
  if (!hideLayout) return null;
  return (
    <IconButton
      {...{ [SHOW_BUTTON_ATTRIBUTE]: '' }}
      className="show-layout-button"
      label="Show layout"
      icon={<ShowLayoutIcon />}
      onClick={() => {
        flushSync(() => setHideLayout(false));
        focusAfterSwitch(HIDE_TOGGLE_ATTRIBUTE);
      }}
    />
  );
}
