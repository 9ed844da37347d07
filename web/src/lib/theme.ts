// spec §4 Theme: light, dark or system, stored under the `theme` key (spec §3) and followed across
// browser tabs (the `storage` event). `system` follows the OS setting live.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys.ts';

export type Theme = 'light' | 'dark' | 'system';

export function parseTheme(value: string | null): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Whether `theme` shows dark, given whether the OS prefers dark. */
export function isDark(theme: Theme, systemPrefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark);
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function readTheme(): Theme {
  try {
    return parseTheme(window.localStorage.getItem(storageKeys.theme));
  } catch {
    return 'system';
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', isDark(theme, darkQuery().matches));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.theme || event.key === null) emit();
  };
  // `system` follows the OS live: the stored value does not change, so apply the class here.
  const onSystemChange = () => {
    applyTheme(readTheme());
    emit();
  };
  const media = darkQuery();
  window.addEventListener('storage', onStorage);
  media.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    media.removeEventListener('change', onSystemChange);
  };
}

/** The chosen theme and a setter; keeps the `dark` class on <html> in step, in every tab. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'system' as Theme);
  useEffect(() => applyTheme(theme), [theme]);
  const setTheme = useCallback((next: Theme) => {
    window.localStorage.setItem(storageKeys.theme, next);
    emit();
  }, []);
  const dark = typeof window !== 'undefined' && isDark(theme, darkQuery().matches);
  return { theme, isDark: dark, setTheme };
}

/** Mounted once at the top: applies the theme and follows other tabs even where no toggle is shown. */
export function ThemeSync() {
  useTheme();
  return null;
}
