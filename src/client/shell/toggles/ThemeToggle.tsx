import { useSyncExternalStore } from 'react';
import { IconButton } from '../../ui/IconButton';
import { MoonIcon, SunIcon } from '../../ui/icons';
import { DEFAULT_THEME } from '#shared/storage-keys';
import { applyTheme, currentTheme, otherTheme, subscribeToTheme } from '../../lib/theme';

/**
 * Pressed means dark. `data-theme-toggle` lets a pop-up stay open while this button is hovered.
 * Both icons are in the markup and <html data-theme> picks one (shell.css), so the prerendered
 * button shows the visitor's theme before any script runs.
 */
export function ThemeToggle({ floating = false }: { floating?: boolean }) {
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme, () => DEFAULT_THEME);
  const dark = theme === 'dark';

  return (
    <IconButton
      data-theme-toggle=""
      data-floating={floating || undefined}
      label="Dark theme"
      aria-pressed={dark}
      icon={
        <>
          <SunIcon className="theme-icon theme-icon--light" />
          <MoonIcon className="theme-icon theme-icon--dark" />
        </>
      }
      onClick={() => applyTheme(otherTheme(theme))}
    />
  );
}
