// What the subscription refresh (subscription-sync.tsx, loaded on demand) reads and sets of the
// provider's state: a leaf both import, so neither imports the other.
import type { RefObject } from 'react';
import type { SubscriptionStatus } from '../utils/subscription-status.ts';

export interface SubscriptionHost {
  status: RefObject<SubscriptionStatus | null>;
  /** Epoch ms of the last check started, null before the first. */
  lastAttempt: RefObject<number | null>;
  profileId: RefObject<string | undefined>;
  setStatus: (status: SubscriptionStatus) => void;
  setIsRefreshing: (refreshing: boolean) => void;
}
