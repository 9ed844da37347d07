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

/** The one toast of the journey's steps (journeyToast). */
const JOURNEY_TOAST_ID = 'journey-step';
/** The duration the last journey step was shown with. */
let lastJourneyDuration: number | undefined;

/**
 * Shows `message` as the step a person just took in their first run, in place of the last step's toast
 * if it still shows, instead of stacking under it: signing up (questionnaire saved, account created, code
 * sent again, e-mail verified), signing in (the welcome), a new bank (connected and the trial begun, the
 * history in) and the plan the first-run review built. One toast with one id, on screen for its whole
 * time from its step. `keepDescription` keeps the
 * second line of the toast it replaces, if that still shows (the trial begun, said with the connection,
 * outlives a fast sync's 'Accounts Connected Successfully!').
 */
export function journeyToast(
  kind: Kind,
  message: Message,
  { keepDescription = false, ...options }: ExternalToast & { keepDescription?: boolean } = {},
): ToastId {
  // sonner merges an update into the toast: an absent description keeps the replaced toast's, a
  // present one (even undefined) replaces it.
  const description =
    keepDescription && options.description === undefined ? {} : { description: options.description };
  // sonner restarts a toast's time only when its duration changes: a step that kept the last one's
  // duration would get only what was left of that toast's time, and could vanish at once. Each step's
  // duration is 1 ms apart from the last step's, so each is shown for its whole time.
  const asked = options.duration ?? TOASTS.durationMs;
  const duration = asked === lastJourneyDuration ? asked + 1 : asked;
  lastJourneyDuration = duration;
  return show(kind, message, { ...options, ...description, duration, id: JOURNEY_TOAST_ID });
}
