import { useState } from 'react';
import { IconButton } from '../../ui/IconButton';
import { MoonIcon, SunIcon } from '../../ui/icons';
import { applyTheme, currentTheme, otherTheme } from './theme';

/** Pressed means dark. `data-theme-toggle` lets a pop-up stay open while this button is hovered. */
export function ThemeToggle() {
  const [theme, setTheme] = useState(currentTheme);
  const dark = theme === 'dark';

  function toggle() {
    const next = otherTheme(theme);
    applyTheme(next);
    setTheme(next);
  }

  return (
    <IconButton
      data-theme-toggle=""
      label="Dark theme"
      aria-pressed={dark}
      icon={dark ? <MoonIcon /> : <SunIcon />}
      onClick={toggle}
    />
  );
}
