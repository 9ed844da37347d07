// The sandbox's test logins, modelled on Plaid's Sandbox test credentials (docs/plaid-sandbox.md).
import { errors, errorsByCode, type PlaidApiError } from './errors.ts';

export type CredentialCheck =
  | {
      ok: true;
      /** The item is created, then immediately needs a new login (ITEM_LOGIN_REQUIRED). */
      loginRequiredAfterLink: boolean;
    }
  | { ok: false; error: PlaidApiError };

/** Users that accept any non-blank password, and what they do. */
const SPECIAL_USERS: Record<string, () => CredentialCheck> = {
  user_transactions_dynamic: () => ({ ok: true, loginRequiredAfterLink: false }),
  user_login_required: () => ({ ok: true, loginRequiredAfterLink: true }),
  // The first sync stops after the recent transactions until /sandbox/transactions/complete_history.
  user_history_held: () => ({ ok: true, loginRequiredAfterLink: false }),
  user_bad: () => ({ ok: false, error: errors.invalidCredentials() }),
  user_institution_down: () => ({ ok: false, error: errors.institutionDown() }),
  user_locked: () => ({ ok: false, error: errors.itemLocked() }),
  user_setup_required: () => ({ ok: false, error: errors.userSetupRequired() }),
};

export function checkCredentials(username: string, password: string): CredentialCheck {
  const user = username.trim();
  if (user === '' || password === '') return { ok: false, error: errors.invalidCredentials() };
  // Plaid's convention: any user with the password `error_<ERROR_CODE>` fails with that error.
  const forced = /^error_([A-Z_]+)$/.exec(password)?.[1];
  if (forced) {
    if (forced === 'ITEM_LOGIN_REQUIRED') return { ok: true, loginRequiredAfterLink: true };
    const error = errorsByCode[forced];
    if (error) return { ok: false, error: error() };
  }
  const special = SPECIAL_USERS[user];
  if (special) return special();
  if (user === 'user_good' && password === 'pass_good') return { ok: true, loginRequiredAfterLink: false };
  return { ok: false, error: errors.invalidCredentials() };
}
