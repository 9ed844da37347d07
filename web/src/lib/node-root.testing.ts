// For unit tests (Node, no DOM): a React root in a stand-in container, for trees that render no
// elements of their own (providers, hooks and probes that return null), so their effects run for real.
import { act, useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

class StandInNode {
  childNodes: StandInNode[] = [];
  parentNode: StandInNode | null = null;
  constructor(
    readonly nodeType: number,
    readonly nodeName: string,
    readonly ownerDocument: unknown,
  ) {}
  get tagName() {
    return this.nodeName;
  }
  get firstChild(): StandInNode | null {
    return this.childNodes[0] ?? null;
  }
  appendChild(child: StandInNode) {
    this.removeChild(child);
    child.parentNode = this;
    this.childNodes.push(child);
    return child;
  }
  insertBefore(child: StandInNode, before: StandInNode) {
    this.removeChild(child);
    child.parentNode = this;
    this.childNodes.splice(this.childNodes.indexOf(before), 0, child);
    return child;
  }
  removeChild(child: StandInNode) {
    const at = this.childNodes.indexOf(child);
    if (at >= 0) this.childNodes.splice(at, 1);
    child.parentNode = null;
    return child;
  }
  addEventListener() {}
  removeEventListener() {}
}

/**
 * Makes `globalThis.window` an event target with the given extras (localStorage, …) and what React DOM
 * reads of it; returns it. Call before rendering.
 */
export function standInWindow<T extends object>(extras: T): EventTarget & T {
  const win = Object.assign(new EventTarget(), { event: undefined, HTMLIFrameElement: class {} }, extras);
  const doc = Object.assign(new StandInNode(9, '#document', null), { defaultView: win });
  Object.assign(win, { document: doc });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  (globalThis as { window?: unknown }).window = win;
  return win;
}

/** Renders `tree` in a new root (standInWindow first); every call runs inside act(). */
export async function renderInNode(tree: ReactNode): Promise<{
  rerender: (next: ReactNode) => Promise<void>;
  unmount: () => Promise<void>;
}> {
  const win = (globalThis as { window?: { document?: unknown } }).window;
  if (!win?.document) throw new Error('call standInWindow() first');
  const container = new StandInNode(1, 'DIV', win.document);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container as unknown as Element);
    root.render(tree);
  });
  return {
    rerender: (next) => act(async () => root?.render(next)),
    unmount: () => act(async () => root?.unmount()),
  };
}

/** Runs `change` inside act() and lets what it started (imports, promises, effects) settle. */
export async function settle(change: () => unknown = () => undefined): Promise<void> {
  await act(async () => {
    await change();
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** A screen that records what `hook` gives at each render (`seen`) and counts its mounts: put it under a
 * provider to see the provider's states and that the screen is never remounted. */
export function recordingScreen<T>(hook: () => T): { Screen: () => null; seen: T[]; mounts: () => number } {
  const seen: T[] = [];
  let mounts = 0;
  function Screen() {
    seen.push(hook());
    useEffect(() => {
      mounts += 1;
    }, []);
    return null;
  }
  return { Screen, seen, mounts: () => mounts };
}

/** A localStorage stand-in over `memory` (keep the Map to read or clear what was stored). */
export function memoryLocalStorage(
  memory: Map<string, string>,
): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  };
}
