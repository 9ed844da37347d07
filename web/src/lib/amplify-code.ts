// Amplify's code (lib/amplify.ts, its own chunk), imported once. Apart from amplify-loader.ts so the
// entry (early-data.ts) can start the download on a start with a stored session — beside the app's own
// code rather than after it — without taking the loader's config (and zod) into the entry.

import type * as Amplify from './amplify.ts';

type AmplifyModule = typeof Amplify;

let code: Promise<AmplifyModule> | null = null;

/** Amplify's module; a failed download is tried again on the next call. */
export function importAmplify(): Promise<AmplifyModule> {
  code ??= import('./amplify.ts').catch((error: unknown) => {
    code = null;
    throw error;
  });
  return code;
}

/** Starts downloading Amplify's code (not configuring it); the call that needs it reports a failure. */
export function preloadAmplify(): void {
  importAmplify().catch(() => undefined);
}
