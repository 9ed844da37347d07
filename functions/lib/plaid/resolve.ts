// Resolving what a sync request names (an item, or an account of an item) to an item the caller may
// sync: members may refresh what they can read; nobody reaches another profile's items.
import { ValidationError, NotFoundError } from '../../../domain/errors.ts';
import { requireRecordAccess } from '../access.ts';
import type { Data } from '../data/index.ts';
import type { Caller } from '../caller.ts';

export async function itemForRequest(
  data: Data,
  caller: Caller,
  input: { itemId?: string | undefined; accountId?: string | undefined },
) {
  let itemId = input.itemId;
  if (!itemId && input.accountId) {
    const { data: account } = await data.connectedAccounts.get({ id: input.accountId }).go();
    if (!account) throw new NotFoundError('Account not found');
    itemId = account.item_id;
  }
  if (!itemId) throw new ValidationError([{ field: 'itemId', message: 'itemId or accountId is required' }]);
  const { data: item } = await data.plaidItems.get({ id: itemId }).go();
  if (!item || item.status === 'removed') throw new NotFoundError('Linked bank not found');
  await requireRecordAccess(data, caller, item.profile_id, 'read', 'Linked bank not found');
  return item;
}
