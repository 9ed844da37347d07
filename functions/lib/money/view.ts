// Which money a screen shows (cash and debt kept apart): Cash (the depository
// accounts, the default), Net worth (cash + investments − what is owed) or one account in its own
// convention (an owed balance reads as owed, positive). The calendar, the running balances and the
// plan summary resolve the same view, so one screen never mixes conventions.
import { ValidationError } from '../../../domain/errors.ts';
import { isCashAccount, isLiability, type AccountType } from '../../../domain/money/forecast.ts';
import { cashKey, totalKey } from './forecast-store.ts';

export const VIEW_KINDS = ['cash', 'net_worth'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number] | 'account';

/** How a series' balances read: money held, an owed balance, or the net position (held − owed). */
export type BalanceConvention = 'held' | 'owed' | 'net';

/** What a view needs of an account: stored accounts and the forecast header's states both have it. */
export interface ViewAccount {
  readonly id: string;
  readonly account_type: AccountType;
}

export interface MoneyView<A extends ViewAccount = ViewAccount> {
  readonly kind: ViewKind;
  /** The account of an account view; null otherwise. */
  readonly accountId: string | null;
  /** The stored forecast series of the view (forecast-store keys). */
  readonly key: string;
  /** The accounts whose balances and transactions the view holds. */
  readonly accounts: readonly A[];
  readonly convention: BalanceConvention;
  /** Low and negative days are marked only on cash (a cash view or one depository account). */
  readonly marksLowDays: boolean;
  /** The sign that turns an account's balance into the view's convention. */
  readonly signOf: (account: ViewAccount) => 1 | -1;
}

export interface ViewRequest {
  readonly view?: ViewKind | null;
  readonly accountId?: string | null;
}

/**
 * The view a request names: an account when it names one (which must be an active account of the
 * profile), else the named kind, else `fallback` (the member's remembered choice), else Cash.
 */
export function resolveView<A extends ViewAccount>(
  profileId: string,
  allAccounts: readonly A[],
  request: ViewRequest,
  fallback: string | null = null,
): MoneyView<A> {
  const accountId =
    request.accountId ?? (request.view ? null : fallback && isAccountRef(fallback) ? fallback : null);
  if (accountId) {
    const account = allAccounts.find((a) => a.id === accountId);
    if (!account) {
      if (request.accountId)
        throw new ValidationError([
          { field: 'accountId', message: 'is not an account of this financial profile' },
        ]);
    } else {
      return {
        kind: 'account',
        accountId,
        key: account.id,
        accounts: [account],
        convention: isLiability(account.account_type) ? 'owed' : 'held',
        marksLowDays: isCashAccount(account.account_type),
        signOf: () => 1,
      };
    }
  }
  const kind =
    request.view && request.view !== 'account'
      ? request.view
      : fallback === 'net_worth'
        ? 'net_worth'
        : 'cash';
  if (kind === 'net_worth')
    return {
      kind,
      accountId: null,
      key: totalKey(profileId),
      accounts: allAccounts,
      convention: 'net',
      marksLowDays: false,
      signOf: (a) => (isLiability(a.account_type) ? -1 : 1),
    };
  return {
    kind: 'cash',
    accountId: null,
    key: cashKey(profileId),
    accounts: allAccounts.filter((a) => isCashAccount(a.account_type)),
    convention: 'held',
    marksLowDays: true,
    signOf: () => 1,
  };
}

/** A remembered view is a kind or an account id. */
function isAccountRef(value: string): boolean {
  return !(VIEW_KINDS as readonly string[]).includes(value);
}
