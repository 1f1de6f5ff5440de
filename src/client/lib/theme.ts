/**
 * The theme (docs/product/shell.md#theme): light by default, saved in the `settings` key as
 * {createdAt, theme} and applied to <html data-theme>; /theme-init.js restores it before first
 * paint.
 */
import { DEFAULT_THEME, type Theme } from '#shared/storage-keys';
import { readStored, writeStored, type Settings } from './storage';

export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The settings to save: the first save stamps createdAt, later saves keep it. */
export function settingsWithTheme(
  previous: Partial<Settings> | null,
  theme: Theme,
  now: Date,
): Settings {
  return { ...previous, createdAt: previous?.createdAt ?? now.toISOString(), theme };
}

/** The theme showing now (set before paint), falling back to the saved one and then the default. */
export function currentTheme(): Theme {
  const shown = document.documentElement.getAttribute('data-theme');
  if (isTheme(shown)) return shown;
  const saved = readStored('settings', { createdAt: '', theme: DEFAULT_THEME }).theme;
  return isTheme(saved) ? saved : DEFAULT_THEME;
}

/** Re-renders subscribers whenever <html data-theme> changes, whoever changed it. */
export function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  const stored = readStored('settings', { createdAt: '', theme: DEFAULT_THEME });
  writeStored('settings', settingsWithTheme(stored.createdAt ? stored : null, theme, new Date()));
}
