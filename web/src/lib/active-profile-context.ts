// The active profile's context: its state's shape, the context object and `useActiveProfile()`. A leaf,
// so that the provider (loaded at every start) and the logic it loads on demand (active-profile-engine.tsx,
// realtime-sync.tsx) both depend on it rather than on each other.
import { createContext, useContext } from 'react';
import type { MemberRole } from './active-profile.ts';
import type { FinancialProfile } from './financial-profiles-api.ts';

export interface ActiveProfileState {
  /** signedOut: nobody to load for; loading: first load (or waiting for a just-joined profile). */
  status: 'signedOut' | 'loading' | 'error' | 'ready';
  profiles: FinancialProfile[];
  profile: FinancialProfile | null;
  role: MemberRole | null;
  /** spec §6: the active profile is not the user's own and they are its viewer or editor. */
  isInvitedUser: boolean;
  /** spec §6: an invited user who owns no profile; Profiles and Link Accounts are hidden. */
  isNavigationRestricted: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
  /** Makes a profile active, saves it, and confirms with 'Switched to "<name>" profile'. */
  switchProfile: (profileId: string) => void;
  /**
   * spec §4: after a create or an archive, the active profile is reset after a 100 ms delay, without
   * the switch toast (the create or archive toast says what happened). null clears the saved key.
   */
  resetActiveProfile: (profileId: string | null) => Promise<void>;
}

export const ActiveProfileContext = createContext<ActiveProfileState | null>(null);

export function useActiveProfile(): ActiveProfileState {
  const context = useContext(ActiveProfileContext);
  if (!context) throw new Error('useActiveProfile must be used inside <ActiveProfileProvider>');
  return context;
}
