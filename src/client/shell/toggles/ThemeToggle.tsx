import { useSyncExternalStore } from 'react';
import { IconButton } from '../../ui/IconButton';
import { MoonIcon, SunIcon } from '../../ui/icons';
import { DEFAULT_THEME } from '#shared/storage-keys';
import { applyTheme, currentTheme, otherTheme, subscribeToTheme } from '../../lib/theme';

/** Pressed means dark. `data-theme-toggle` lets a pop-up stay open while this button is hovered. */
export function ThemeToggle({ floating = false }: { floating?: boolean }) {
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme, () => DEFAULT_THEME);
  const dark = theme === 'dark';

  return (
    <IconButton
      data-theme-toggle=""
      data-floating={floating || undefined}
      label="Dark theme"
      aria-pressed={dark}
      icon={dark ? <MoonIcon /> : <SunIcon />}
      onClick={() => applyTheme(otherTheme(theme))}
    />
  );
}
