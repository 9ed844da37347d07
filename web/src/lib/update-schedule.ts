// spec §4 / §9 Update check without React: the constants, the comparison and the schedule (first after
// 2 s, then every 4 h, and when the tab becomes visible or focused after more than 30 min without a
// check). The React hook (update-check.ts) and the light landing page (app/static-landing.ts), which
// runs before React has loaded, both use it.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const UPDATE_CHECK = {
  firstAfterMs: 2 * SECOND,
  everyMs: 4 * 60 * MINUTE,
  onFocusAfterMs: 30 * MINUTE,
  toastMs: 600_000,
  message: 'New version available!',
  action: 'Refresh now',
} as const;

export const RUNNING_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'dev';

/** Whether a focus or visibility change should check again. */
export function shouldCheckOnFocus(lastCheckAt: number, now: number): boolean {
  return now - lastCheckAt > UPDATE_CHECK.onFocusAfterMs;
}

/** Whether the deployed version differs from the running one (an unreadable answer is not news). */
export function isNewVersion(running: string, deployed: unknown): boolean {
  const version = (deployed as { version?: unknown } | null)?.version;
  return typeof version === 'string' && version !== '' && version !== running;
}

async function fetchDeployedVersion(): Promise<unknown> {
  const response = await fetch(`/version.json?_=${Date.now()}`, { cache: 'no-store' });
  return response.ok ? response.json() : null;
}

/** Checks on spec §4's schedule and calls `onNewVersion` once, the first time a different version is
 * deployed. Returns a function that stops the checks. */
export function startUpdateChecks(onNewVersion: () => void): () => void {
  let lastCheckAt = 0;
  let announced = false;
  const check = async () => {
    lastCheckAt = Date.now();
    try {
      if (!announced && isNewVersion(RUNNING_VERSION, await fetchDeployedVersion())) {
        announced = true;
        onNewVersion();
      }
    } catch (error) {
      console.warn('update check failed', error);
    }
  };
  const onFocus = () => {
    if (document.visibilityState === 'visible' && shouldCheckOnFocus(lastCheckAt, Date.now())) void check();
  };
  const first = window.setTimeout(() => void check(), UPDATE_CHECK.firstAfterMs);
  const every = window.setInterval(() => void check(), UPDATE_CHECK.everyMs);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onFocus);
  return () => {
    window.clearTimeout(first);
    window.clearInterval(every);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onFocus);
  };
}
