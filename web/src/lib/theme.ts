// spec §4 Theme: light, dark or system, stored under the `theme` key (spec §3) and followed across
// browser tabs (the `storage` event). `system` follows the OS setting live. The parts without React
// are in theme-core.ts.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys.ts';
import { applyTheme, darkQuery, followThemeChanges, isDark, readTheme, type Theme } from './theme-core.ts';

export { isDark, parseTheme, type Theme } from './theme-core.ts';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  const stop = followThemeChanges(emit);
  return () => {
    listeners.delete(listener);
    stop();
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
