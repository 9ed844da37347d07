// Code the first screen does not draw, loaded with import() when a person reaches for it (a cold
// signed-in deep link on a slow phone). The frame's menus are Radix (≈ 20 KB gzip the first screen never
// runs): until a menu has loaded, the frame draws a light trigger that looks and reads as the real one;
// pointing at it, touching or focusing it starts the load (so does the browser's first idle moment a few
// seconds after the start), and the real menu replaces it once loaded. An activation before then
// (pointer down, Enter, Space or ArrowDown, as Radix's trigger opens) is replayed on the real trigger, so
// the menu opens as it always did: focus moves into it, Escape returns it to the trigger.
import {
  cloneElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type ComponentType,
  type ReactElement,
} from 'react';
import type { LazyModule } from '../../lib/lazy-module.ts';
import { whenIdle } from '../deferred.tsx';

/** After the first screen: the startup preloads' moment (lib/route-preload.ts), then the first idle one. */
const PRELOAD_AFTER_MS = 3000;

/**
 * The lazy component once imported (undefined before), and `load` to import it now. It is imported
 * anyway when the browser is idle after the first screen, so a person rarely waits for it.
 */
export function useLazy<C>(lazy: LazyModule<C>): [C | null, () => void] {
  const [component, setComponent] = useState<C | null>(lazy.loaded);
  const load = useCallback(() => {
    // A failed import (offline) is tried again at the next intent.
    lazy.load().then(
      (loaded) => setComponent(() => loaded),
      () => undefined,
    );
  }, [lazy]);
  useEffect(() => {
    if (component) return;
    let cancelIdle = () => {};
    const timer = window.setTimeout(() => (cancelIdle = whenIdle(load, 2000)), PRELOAD_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, [component, load]);
  return [component, load];
}

export type MenuTrigger = ReactElement<ComponentPropsWithRef<'button'> & { 'data-state'?: string }>;

/** What opened the light trigger before the menu had loaded: the same event is sent to the real one. */
type Activation = { type: 'keydown'; key: string } | { type: 'pointerdown' };

/** The keys that open a Radix dropdown menu from its trigger. */
const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

function replay(trigger: HTMLElement, activation: Activation) {
  const init = { bubbles: true, cancelable: true };
  trigger.dispatchEvent(
    activation.type === 'keydown'
      ? new KeyboardEvent('keydown', { ...init, key: activation.key })
      : new PointerEvent('pointerdown', { ...init, button: 0, isPrimary: true, pointerType: 'mouse' }),
  );
}

/**
 * A Radix dropdown menu in its own chunk. `Menu` renders `trigger` (a `<button>`) as its trigger
 * (`<DropdownMenu.Trigger asChild>`); before it has loaded, `trigger` is drawn alone with the trigger's
 * attributes (`aria-haspopup="menu"`, `aria-expanded="false"`, `data-state="closed"`).
 */
export function lazyMenu<P extends { trigger: MenuTrigger }>(menu: LazyModule<ComponentType<P>>) {
  return function LazyMenu(props: P) {
    const [Menu, load] = useLazy(menu);
    const real = useRef<HTMLButtonElement>(null);
    const hadFocus = useRef(false);
    const activation = useRef<Activation | null>(null);
    useEffect(() => {
      // A parent's effects run after its children's: Radix's menu (and its keyboard tracking) is set up.
      const trigger = real.current;
      if (!Menu || !trigger) return;
      if (hadFocus.current) trigger.focus();
      if (activation.current) replay(trigger, activation.current);
      activation.current = null;
    }, [Menu]);
    if (Menu) return <Menu {...props} trigger={cloneElement(props.trigger, { ref: real })} />;
    return cloneElement(props.trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      'data-state': 'closed',
      // Runs before the light trigger leaves the page: whether the real one should take the focus.
      ref: (node: HTMLButtonElement | null) => () => {
        hadFocus.current = node !== null && node === document.activeElement;
      },
      onPointerEnter: load,
      onTouchStart: load,
      onFocus: load,
      onPointerDown: (event) => {
        load();
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix: no focus on the trigger, so the menu can take it when it opens.
        event.preventDefault();
        activation.current = { type: 'pointerdown' };
      },
      onKeyDown: (event) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        load();
        activation.current = { type: 'keydown', key: event.key };
      },
    });
  };
}
