// spec §4 Safety net: when the page is ready, more than 10 s have passed, an active account exists and
// there are zero transactions, the full sync pipeline is triggered (once).
import { SETUP } from '../../../lib/constants.ts';

export function shouldTriggerSafetyNet(input: {
  pageReady: boolean;
  elapsedMs: number;
  activeAccounts: number;
  transactionCount: number | null;
  alreadyTriggered: boolean;
}): boolean {
  return (
    input.pageReady &&
    !input.alreadyTriggered &&
    input.elapsedMs > SETUP.safetyNetAfterMs &&
    input.activeAccounts > 0 &&
    input.transactionCount === 0
  );
}
