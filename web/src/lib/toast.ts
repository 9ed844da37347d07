// spec §9 toasts without sonner on the startup path (docs/web.md, "Landing bundle"): the modules a
// first screen runs (auth state, sign-in, profiles, update check, error screen) toast through this, and
// sonner (≈ 9 KB gzip) loads with the toast region, after the first render (app/provider.tsx). Each call
// returns its toast's id at once, as sonner's do; the calls reach sonner in the order they were made
// (a toast made before the region is mounted shows when it mounts).
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { TOASTS } from './constants.ts';
import { lazyModule } from './lazy-module.ts';

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner>[0];
type ToastId = string | number;
type Kind = 'success' | 'error' | 'info' | 'loading';

/** sonner's toast function, imported once (again after a failed import). */
const load = lazyModule((): Promise<Sonner> => import('sonner').then((module) => module.toast)).load;

let counter = 0;
let requested = false;
const requestListeners = new Set<() => void>();

/** Calls `listener` once a toast has been asked for (at once if one already was): the region mounts then. */
export function onToastRequested(listener: () => void): () => void {
  if (requested) {
    listener();
    return () => undefined;
  }
  requestListeners.add(listener);
  return () => void requestListeners.delete(listener);
}

function show(kind: Kind | null, message: Message, options: ExternalToast = {}): ToastId {
  const id = options.id ?? `app-toast-${(counter += 1)}`;
  if (!requested) {
    requested = true;
    for (const listener of [...requestListeners]) listener();
    requestListeners.clear();
  }
  load()
    .then((toast) => {
      const withId = { ...options, id };
      if (kind === null) toast(message, withId);
      else toast[kind](message, withId);
    })
    .catch((error: unknown) => console.warn('a toast could not be shown', error));
  return id;
}

export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => show(null, message, options),
  {
    success: (message: Message, options?: ExternalToast) => show('success', message, options),
    error: (message: Message, options?: ExternalToast) => show('error', message, options),
    info: (message: Message, options?: ExternalToast) => show('info', message, options),
    loading: (message: Message, options?: ExternalToast) => show('loading', message, options),
    dismiss: (id?: ToastId) => {
      load()
        .then((toast) => toast.dismiss(id))
        .catch(() => undefined);
    },
  },
);

/**
 * The moments whose toasts follow one another: each step's says what happened *now* in place of the
 * last one instead of stacking under it. The sign-up and sign-in steps (questionnaire saved, account
 * created, code sent again, e-mail verified, the welcome), and a new bank's first minutes (connected
 * and the trial begun, the history in, the plan built).
 */
export const TOAST_MOMENTS = { signIn: 'sign-in', newConnection: 'new-connection' } as const;
type Moment = (typeof TOAST_MOMENTS)[keyof typeof TOAST_MOMENTS];

const lastOfMoment = new Map<
  Moment,
  { id: ToastId; description: ExternalToast['description']; until: number }
>();

/**
 * Shows `message` as `moment`'s toast: the moment's previous toast, if still there, leaves as it comes
 * (a new toast, so it gets its own full time on screen). `keepDescription` keeps the previous toast's
 * second line when it was still on screen (the trial begun, said with the connection, outlives a fast
 * sync's 'Accounts Connected Successfully!').
 */
export function momentToast(
  moment: Moment,
  kind: Kind,
  message: Message,
  { keepDescription = false, ...options }: ExternalToast & { keepDescription?: boolean } = {},
): ToastId {
  const previous = lastOfMoment.get(moment);
  const stillShown = previous && Date.now() < previous.until ? previous : undefined;
  if (previous) toast.dismiss(previous.id);
  const description = options.description ?? (keepDescription ? stillShown?.description : undefined);
  const id = show(kind, message, description === undefined ? options : { ...options, description });
  lastOfMoment.set(moment, { id, description, until: Date.now() + (options.duration ?? TOASTS.durationMs) });
  return id;
}
