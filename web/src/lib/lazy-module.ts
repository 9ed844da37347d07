// A dynamic import() made once and kept (code loaded when it is first needed). Asked again
// while it loads, it gives the same promise; after a failed import (offline) the next ask imports again.
// The signed-in providers' logic (signed-in-code.ts) and the frame's menus (components/ui/lazy-menu.tsx)
// load through it.

export interface LazyModule<T> {
  /** Starts the import once (again after a failure) and resolves with what it gives. */
  load: () => Promise<T>;
  /** What the import gave, once it has; null before. */
  loaded: () => T | null;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load: () =>
      (loading ??= importer().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    loaded: () => loaded,
  };
}
