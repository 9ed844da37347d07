// What a sync reads beside transactions: card and loan statements (/liabilities/get) and investment
// holdings (/investments/holdings/get), each when its kept copy is stale. Plaid's answer for each is kept
// on the item (liabilities_status, investments_status), so a missing consent is shown to the person
// instead of due dates or holdings silently missing (docs/bank-linking.md "Consent").
import type { EntityItem } from 'electrodb';
import type { PlaidApi } from 'plaid';
import type { LiabilityRecord } from '../../../domain/money/statements.ts';
import type { Data } from '../data/index.ts';
import type { ProductStatus } from '../data/entities/plaid-item.ts';
import { holdingsDue, syncHoldings } from './investments.ts';
import { fetchLiabilities, LIABILITIES_REFRESH_HOURS, liabilityRecords } from './liabilities.ts';

type Item = EntityItem<Data['plaidItems']>;
type Account = EntityItem<Data['connectedAccounts']>;

export interface Details {
  /** By Plaid account id. */
  liabilities: Map<string, LiabilityRecord>;
  /** Cents, by our account id: an investment account's value, the sum of its holdings. */
  holdingValues: Map<string, number>;
}

export async function refreshDetails(
  plaid: PlaidApi,
  data: Data,
  item: Item,
  accounts: readonly Account[],
  accessToken: string,
  now: Date,
  log: (message: string, fields: Record<string, unknown>) => void,
): Promise<Details> {
  const nowIso = now.toISOString();
  const staleBefore = now.getTime() - LIABILITIES_REFRESH_HOURS * 3_600_000;
  const liabilitiesDue =
    item.liabilities_status !== 'none' &&
    accounts.some(
      (a) =>
        (a.account_type === 'credit' || a.account_type === 'loan') &&
        (!a.liability || Date.parse(a.liability.refreshed_at) < staleBefore),
    );
  const [liabilities, holdings] = await Promise.all([
    liabilitiesDue ? fetchLiabilities(plaid, accessToken, log) : null,
    holdingsDue(item, accounts, now)
      ? syncHoldings(plaid, data, accessToken, accounts, nowIso, log, !item.holdings_refreshed_at)
      : null,
  ]);
  const statuses: { liabilities_status?: ProductStatus; investments_status?: ProductStatus } = {};
  if (liabilities && liabilities.status !== item.liabilities_status)
    statuses.liabilities_status = liabilities.status;
  if (holdings && holdings.status !== item.investments_status) statuses.investments_status = holdings.status;
  if (Object.keys(statuses).length > 0 || holdings?.status === 'ready') {
    await data.plaidItems
      .patch({ id: item.id })
      .set({ ...statuses, ...(holdings?.status === 'ready' ? { holdings_refreshed_at: nowIso } : {}) })
      .go();
  }
  return {
    liabilities: liabilities?.liabilities ? liabilityRecords(liabilities.liabilities, nowIso) : new Map(),
    holdingValues: holdings?.values ?? new Map(),
  };
}
