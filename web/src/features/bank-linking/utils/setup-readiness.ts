// spec §4 Initial-setup readiness, kept pure: checking, creating (the default profile is being
// created), ready, or error. Ready when an active profile exists and no active account has a
// historical sync in progress, and also when a financial profile the user owns exists. If no profile
// exists after 0.5 s the server is asked for the default one; 10 s without success is an error.
import { setupErrors } from '@domain/account-connection-messages.ts';
import { SETUP } from '../../../lib/constants.ts';

export type SetupState = 'checking' | 'creating' | 'ready' | 'error';

export interface ReadinessInput {
  elapsedMs: number;
  /** The active-profile state's status. */
  profileStatus: 'signedOut' | 'loading' | 'error' | 'ready';
  hasActiveProfile: boolean;
  ownsAProfile: boolean;
  /** null while the active profile's accounts are unknown. */
  anyAccountSyncing: boolean | null;
  /** ensure-default-profile was asked for and has not answered yet. */
  creating: boolean;
  /** ensure-default-profile (or anything else in the setup) failed unexpectedly. */
  unexpectedFailure: boolean;
}

export interface Readiness {
  state: SetupState;
  message: string | null;
}

export function setupReadiness(input: ReadinessInput): Readiness {
  if (input.ownsAProfile || (input.hasActiveProfile && input.anyAccountSyncing === false)) {
    return { state: 'ready', message: null };
  }
  if (input.unexpectedFailure) return { state: 'error', message: setupErrors.unexpected };
  if (input.profileStatus === 'error') return { state: 'error', message: setupErrors.check };
  if (input.elapsedMs >= SETUP.timeoutMs) return { state: 'error', message: setupErrors.timeout };
  if (input.creating) return { state: 'creating', message: null };
  return { state: 'checking', message: null };
}

/** spec §4: after 0.5 s without a profile, ask the server for the default one (once per attempt). */
export function shouldCreateDefaultProfile(input: {
  elapsedMs: number;
  profileStatus: ReadinessInput['profileStatus'];
  hasActiveProfile: boolean;
  alreadyRequested: boolean;
}): boolean {
  return (
    !input.alreadyRequested &&
    !input.hasActiveProfile &&
    input.profileStatus !== 'signedOut' &&
    input.elapsedMs >= SETUP.createProfileAfterMs
  );
}

/** spec §2: 'Still preparing your account...' after 5 s of waiting. */
export const showStillPreparing = (state: SetupState, elapsedMs: number) =>
  state !== 'ready' && elapsedMs >= SETUP.stillPreparingAfterMs;
