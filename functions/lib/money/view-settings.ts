// A member's forecast view of a profile (/calendar and /plan settings): the low-balance threshold
// that marks calendar days, and whether forecasts include the everyday-spending allowance. Stored per user
// per profile (entity money-view-settings.ts); the calendar and running-balances reads use them when a
// request does not say otherwise.
import { z } from 'zod';
import { ValidationError } from '../../../domain/errors.ts';
import type { Data } from '../data/index.ts';
import { idInput, MAX_CENTS } from './validation.ts';

/** The calendar's default "low" line: a closing balance under $100. */
export const DEFAULT_LOW_BALANCE_CENTS = 10_000;

export interface ViewSettings {
  low_balance_threshold: number;
  include_allowance: boolean;
  /** The money the calendar and forecast open on: 'cash' (default), 'net_worth' or an account id. */
  view: string;
  /** When the member last saved them; null while they are the defaults. */
  updated_at: string | null;
}

export const viewSettingsBody = z
  .object({
    low_balance_threshold: z
      .number()
      .int('must be integer cents')
      .min(0, 'must not be negative')
      .max(MAX_CENTS, 'is too large')
      .optional(),
    include_allowance: z.boolean().optional(),
    view: z
      .union([z.enum(['cash', 'net_worth']), idInput], {
        error: "must be 'cash', 'net_worth' or an account id",
      })
      .optional(),
  })
  .strict();
export type ViewSettingsBody = z.infer<typeof viewSettingsBody>;

export async function viewSettingsOf(data: Data, profileId: string, userId: string): Promise<ViewSettings> {
  const { data: stored } = await data.moneyViewSettings.get({ profile_id: profileId, user_id: userId }).go();
  return {
    low_balance_threshold: stored?.low_balance_threshold ?? DEFAULT_LOW_BALANCE_CENTS,
    include_allowance: stored?.include_allowance ?? true,
    view: stored?.view ?? 'cash',
    updated_at: stored?.updated_at ?? null,
  };
}

export async function saveViewSettings(
  data: Data,
  profileId: string,
  userId: string,
  body: ViewSettingsBody,
): Promise<ViewSettings> {
  if (
    body.low_balance_threshold === undefined &&
    body.include_allowance === undefined &&
    body.view === undefined
  )
    throw new ValidationError([{ field: 'body', message: 'must change at least one setting' }]);
  if (body.view !== undefined && body.view !== 'cash' && body.view !== 'net_worth') {
    const { data: account } = await data.connectedAccounts.get({ id: body.view }).go();
    if (!account || account.profile_id !== profileId || !account.is_active)
      throw new ValidationError([{ field: 'view', message: 'is not an account of this financial profile' }]);
  }
  const current = await viewSettingsOf(data, profileId, userId);
  await data.moneyViewSettings
    .upsert({
      profile_id: profileId,
      user_id: userId,
      low_balance_threshold: body.low_balance_threshold ?? current.low_balance_threshold,
      include_allowance: body.include_allowance ?? current.include_allowance,
      view: body.view ?? current.view,
    })
    .go();
  return viewSettingsOf(data, profileId, userId);
}
