// spec §4 Error boundary and §9 numbers: silent recovery for retryable errors (auth refreshes the
// session; network waits 1 s and checks the app's index page is reachable; anything else backs off
// 500 ms doubling, capped at 2 s), at most 3 manual retries, and a reload for a new deployment (a chunk
// that no longer exists), guarded so a broken deployment cannot reload in a loop.
import { loadAmplify } from './amplify-loader.ts';
import type { ClassifiedErrorType } from './classify-error.ts';

export const ERROR_RECOVERY = {
  maxManualRetries: 3,
  backoffBaseMs: 500,
  backoffCapMs: 2000,
  networkWaitMs: 1000,
  deploymentReloadDelayMs: 100,
  /** A second deployment reload inside this window means the reload did not help: stop. */
  reloadLoopWindowMs: 30_000,
} as const;

export const errorScreenText = {
  title: "We're reconnecting...",
  retry: 'Retry now',
  goToAccounts: 'Go to Accounts',
  maxRetries: 'Maximum retries reached. Please refresh the page.',
  restored: 'Connection restored',
  reconnecting: 'Reconnecting...',
} as const;

/** spec §9: recovery backoff 500 ms doubling, capped at 2 s (attempt 0 is the first). */
export function recoveryDelayMs(attempt: number): number {
  return Math.min(ERROR_RECOVERY.backoffBaseMs * 2 ** attempt, ERROR_RECOVERY.backoffCapMs);
}

const RELOAD_KEY = 'deploymentReloadAt';

/** Whether a deployment reload may happen now (none in the last 30 s); records it when it may. */
export function claimDeploymentReload(storage: Storage, now: number): boolean {
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < ERROR_RECOVERY.reloadLoopWindowMs) return false;
  storage.setItem(RELOAD_KEY, String(now));
  return true;
}

/** spec §4: a deployment error reloads the page (after spec §9's 100 ms), once. */
export function reloadForDeployment(): boolean {
  if (!claimDeploymentReload(window.sessionStorage, Date.now())) return false;
  window.setTimeout(() => window.location.reload(), ERROR_RECOVERY.deploymentReloadDelayMs);
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** One silent recovery attempt for a retryable error type; resolves true when it is worth retrying. */
export async function attemptRecovery(type: ClassifiedErrorType, attempt = 0): Promise<boolean> {
  try {
    if (type === 'auth') {
      await (await loadAmplify()).fetchAuthSession({ forceRefresh: true });
      return true;
    }
    if (type === 'network') {
      await sleep(ERROR_RECOVERY.networkWaitMs);
      const response = await fetch(`/index.html?_=${Date.now()}`, { cache: 'no-store' });
      return response.ok;
    }
    await sleep(recoveryDelayMs(attempt));
    return true;
  } catch {
    return false;
  }
}

/**
 * spec §4: a global error or an unhandled rejection that is a deployment error (a lazy screen whose
 * chunk is gone) reloads the page.
 */
export function installGlobalDeploymentReload(classify: (error: unknown) => { type: string }): () => void {
  const onError = (event: ErrorEvent) => {
    if (classify(event.error ?? event.message).type === 'deployment') reloadForDeployment();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (classify(event.reason).type === 'deployment') reloadForDeployment();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
