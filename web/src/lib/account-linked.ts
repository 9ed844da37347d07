// spec §4: account-linked events refresh the subscription status (and force a data refresh). Bank
// linking announces one after a connection; the subscription status listens.
export const ACCOUNT_LINKED_EVENT = 'accountLinked';

export function announceAccountLinked(target: Pick<EventTarget, 'dispatchEvent'> | null = window): void {
  target?.dispatchEvent(new Event(ACCOUNT_LINKED_EVENT));
}
