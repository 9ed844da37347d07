// spec §4 Theme without React: the stored choice (`theme`, spec §3), the `dark` class on <html>, and
// following other tabs (the `storage` event) and the OS setting. The React hook (theme.ts) and the light
// landing page (app/static-landing.ts), which runs before React has loaded, both use it.
import { storageKeys } from './storage-keys.ts';

export type Theme = 'light' | 'dark' | 'system';

export function parseTheme(value: string | null): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Whether `theme` shows dark, given whether the OS prefers dark. */
export function isDark(theme: Theme, systemPrefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark);
}

export function readTheme(): Theme {
  try {
    return parseTheme(window.localStorage.getItem(storageKeys.theme));
  } catch {
    return 'system';
  }
}

export const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', isDark(theme, darkQuery().matches));
}

/** Calls `onChange` when another tab stores a theme or the OS setting changes (after applying it for
 * `system`, whose stored value does not change). Returns a function that stops following. */
export function followThemeChanges(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.theme || event.key === null) onChange();
  };
  const onSystemChange = () => {
    applyTheme(readTheme());
    onChange();
  };
  const media = darkQuery();
  window.addEventListener('storage', onStorage);
  media.addEventListener('change', onSystemChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    media.removeEventListener('change', onSystemChange);
  };
}
