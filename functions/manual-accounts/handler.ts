// Manual accounts (docs/import-export.md): accounts with no bank behind them — cash, a bank not on
// Plaid, a house or a car, a private loan — with a balance as of a date and a kind. They live beside
// linked accounts (the same connected_accounts items, marked is_manual), so every screen and total that
// reads a profile's accounts counts them. Like linked accounts, only the profile's owner manages them;
// removal is DELETE /accounts/{accountId}.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { NotFoundError } from '../../domain/errors.ts';
import { profileIdFromRequest, requireProfileAccess, requireRecordAccess } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { MANUAL_ACCOUNT_KINDS } from '../lib/data/entities/connected-account.ts';
import { httpHandler, route } from '../lib/http.ts';
import { publicAccount } from '../lib/plaid/items.ts';
import { oneLine } from '../lib/text-input.ts';
import { todayOf } from '../lib/money/store.ts';

type Kind = (typeof MANUAL_ACCOUNT_KINDS)[number];

/** The account type each kind totals under (domain/money/account-totals.ts): assets are 'other'. */
export const ACCOUNT_TYPE_OF: Record<Kind, 'depository' | 'credit' | 'loan' | 'investment' | 'other'> = {
  cash: 'depository',
  bank: 'depository',
  credit_card: 'credit',
  property: 'other',
  vehicle: 'other',
  loan: 'loan',
  investment: 'investment',
  other: 'other',
};

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'must be a date (YYYY-MM-DD)');
/** Cents; a card's or a loan's balance is what is owed (positive), as Plaid reports it. */
const balance = z.number().int('must be whole cents').min(-1e13).max(1e13);
const fields = {
  account_name: oneLine(z.string().trim().min(1, 'Please enter an account name').max(80)),
  kind: z.enum(MANUAL_ACCOUNT_KINDS),
  current_balance: balance,
  balance_as_of: isoDate,
  institution_name: oneLine(z.string().trim().max(80)).optional(),
};

const accountPath = z.object({ accountId: z.string().min(1).max(128) });

export const handler = httpHandler('manual-accounts', {
  'POST /manual-accounts': route({
    status: 201,
    body: z.object({ ...fields, balance_as_of: isoDate.optional() }).strict(),
    run: async ({ deps, caller, event, body }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'manage');
      const id = randomUUID();
      const { data: account } = await data.connectedAccounts
        .create({
          id,
          user_id: caller.userId,
          profile_id: profileId,
          item_id: `manual:${id}`,
          plaid_account_id: `manual:${id}`,
          account_name: body.account_name,
          ...(body.institution_name ? { institution_name: body.institution_name } : {}),
          account_type: ACCOUNT_TYPE_OF[body.kind],
          account_subtype: body.kind,
          is_manual: true,
          manual_kind: body.kind,
          current_balance: body.current_balance,
          balance_as_of: body.balance_as_of ?? todayOf(deps.clock),
          last_balance_refresh: deps.clock().toISOString(),
          historical_sync_status: 'completed',
          historical_sync_completed_at: deps.clock().toISOString(),
        })
        .go();
      // The forecast starts from every account's balance: a new one changes it.
      await deps.events.publish('TransactionsChanged', {
        userId: caller.userId,
        profileId,
        accountIds: [id],
        added: 0,
        modified: 1,
        removed: 0,
      });
      return publicAccount(account, undefined);
    },
  }),
  'PATCH /manual-accounts/{accountId}': route({
    path: accountPath,
    body: z
      .object({
        account_name: fields.account_name.optional(),
        current_balance: balance.optional(),
        balance_as_of: isoDate.optional(),
        institution_name: fields.institution_name,
      })
      .strict(),
    run: async ({ deps, caller, path, body }) => {
      const data = dataFor(deps);
      const { data: account } = await data.connectedAccounts.get({ id: path.accountId }).go();
      if (!account || !account.is_active || !account.is_manual) throw new NotFoundError('Account not found');
      await requireRecordAccess(data, caller, account.profile_id, 'manage', 'Account not found');
      const balanceMoved =
        body.current_balance !== undefined && body.current_balance !== account.current_balance;
      const { data: updated } = await data.connectedAccounts
        .patch({ id: account.id })
        .set({
          ...(body.account_name ? { account_name: body.account_name } : {}),
          ...(body.institution_name !== undefined ? { institution_name: body.institution_name } : {}),
          ...(body.current_balance !== undefined
            ? {
                current_balance: body.current_balance,
                balance_as_of: body.balance_as_of ?? todayOf(deps.clock),
                last_balance_refresh: deps.clock().toISOString(),
              }
            : body.balance_as_of
              ? { balance_as_of: body.balance_as_of }
              : {}),
        })
        .go({ response: 'all_new' });
      if (balanceMoved)
        await deps.events.publish('TransactionsChanged', {
          userId: account.user_id,
          profileId: account.profile_id,
          accountIds: [account.id],
          added: 0,
          modified: 1,
          removed: 0,
        });
      return publicAccount(updated, undefined);
    },
  }),
});
