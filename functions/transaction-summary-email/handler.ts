// spec §7 transaction-summary-email {userId, newTransactionIds, accountIds}: e-mails
// the caller a summary of new transactions, if their (opt-in) transaction_summary preference is on.
// Sent by the product after each sync that adds transactions; a person may only summarise transactions
// of accounts on profiles they have a role on.
import { createHash } from 'node:crypto';
import { functionBodies } from '../catalog.ts';
import type { EventDetail } from '../../events/contracts.ts';
import { requireProfileAccess } from '../lib/access.ts';
import { dataFor, type Data } from '../lib/data/index.ts';
import type { Deps } from '../lib/deps.ts';
import { sendProductEmail } from '../lib/email/automation.ts';
import { transactionSummaryContent } from '../lib/email/templates.ts';
import { httpHandler, route, type Caller } from '../lib/http.ts';
import { withTriggers } from '../lib/triggers.ts';

async function summarise(
  deps: Deps,
  data: Data,
  userId: string,
  ids: readonly string[],
  accountIds: Set<string>,
) {
  if (ids.length === 0) return { success: true, status: 'skipped', reason: 'no new transactions' } as const;
  const { data: found } = await data.transactions.get(ids.map((id) => ({ id }))).go();
  const transactions = found
    .filter((t) => accountIds.has(t.account_id))
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((t) => ({ date: t.date, name: t.merchant_name ?? t.name, amount: t.amount }));
  if (transactions.length === 0)
    return { success: true, status: 'skipped', reason: 'no new transactions' } as const;
  // A redelivered event (EventBridge retries) or a repeated call for the same transactions mails once.
  const key = createHash('sha256')
    .update([...ids].sort().join(','))
    .digest('hex')
    .slice(0, 32);
  return sendProductEmail(deps, data, {
    userId,
    kind: 'transaction_summary',
    once: `transaction_summary:${key}`,
    content: (links) => transactionSummaryContent(transactions, links),
  });
}

/** The accounts among `accountIds` the caller may read (any role on their profile). */
async function readableAccounts(data: Data, caller: Caller, accountIds: readonly string[]) {
  const readable = new Set<string>();
  for (const id of accountIds) {
    const { data: account } = await data.connectedAccounts.get({ id }).go();
    if (!account) continue;
    try {
      await requireProfileAccess(data, caller, account.profile_id, 'read');
      readable.add(id);
    } catch {
      // Another person's account: left out, never named.
    }
  }
  return readable;
}

const http = httpHandler('transaction-summary-email', {
  'POST /functions/transaction-summary-email': route({
    body: functionBodies['transaction-summary-email'],
    run: async ({ deps, caller, body }) => {
      const data = dataFor(deps);
      return summarise(
        deps,
        data,
        caller.userId,
        body.newTransactionIds,
        await readableAccounts(data, caller, body.accountIds),
      );
    },
  }),
});

export const handler = withTriggers(http, {
  onEvent: async (event, deps) => {
    const detail = event.detail as EventDetail<'TransactionsChanged'>;
    if (detail.added === 0 || !detail.addedTransactionIds?.length) return { ignored: 'nothing added' };
    const result = await summarise(
      deps,
      dataFor(deps),
      detail.userId,
      detail.addedTransactionIds,
      new Set(detail.accountIds),
    );
    return { status: result.status };
  },
});
