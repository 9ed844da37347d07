// Input schemas shared by the money engine's handlers: calendar dates, cash-flow amounts in cents,
// Plaid categories, and the checks that an account or a money-plan category belongs to the profile
// (a bad reference is a 400 naming the field, like any other bad input).
import { z } from 'zod';
import { parseDay } from '../../../domain/money/dates.ts';
import { CADENCES } from '../../../domain/money/schedule.ts';
import { categoryByDetailed, isPlaidPrimary } from '../../../domain/taxonomy.ts';
import { ValidationError } from '../../../domain/errors.ts';
import type { Data } from '../data/index.ts';
import { oneLine } from '../text-input.ts';

const isRealDay = (value: string): boolean => {
  try {
    parseDay(value);
    return true;
  } catch {
    return false;
  }
};

/** The days any date of the API may name: a money app has nothing to say about year 0 or 9999, and a
 * far-off date only costs work (a repeating item from then would be planned week by week). */
export const EARLIEST_DAY = '1900-01-01';
export const LATEST_DAY = '2199-12-31';

export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-22')
  .refine(isRealDay, 'must be a real calendar date')
  .refine(
    (value) => value >= EARLIEST_DAY && value <= LATEST_DAY,
    `must be between ${EARLIEST_DAY} and ${LATEST_DAY}`,
  );

/** The largest planned amount: ten billion dollars, far beyond any household, well inside 2^53. */
export const MAX_CENTS = 1_000_000_000_000;

/** Cash flow in integer cents: positive = money in (income), negative = money out (a bill). */
export const cashFlowCents = z
  .number()
  .int('must be integer cents')
  .refine((v) => v !== 0, 'must not be zero (positive for money in, negative for money out)')
  .refine((v) => Math.abs(v) <= MAX_CENTS, 'is too large');

export const categoryInput = z
  .object({
    primary: z.string().refine(isPlaidPrimary, 'must be a Plaid primary category such as FOOD_AND_DRINK'),
    detailed: z.string().max(100).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.detailed) return;
    const entry = categoryByDetailed(value.detailed);
    if (!entry || entry.plaidPrimary !== value.primary)
      ctx.addIssue({
        code: 'custom',
        path: ['detailed'],
        message: `must be a detailed category of ${value.primary}`,
      });
  });

export const cadenceInput = z.enum(CADENCES);

export const idInput = z.string().min(1).max(128);

export const descriptionInput = oneLine(
  z.string().trim().min(1, 'Please enter a description').max(120, 'must be at most 120 characters'),
);

/** 400 unless `accountId` is an active account of the profile. */
export async function assertProfileAccount(
  data: Data,
  profileId: string,
  accountId: string,
  field = 'account_id',
): Promise<void> {
  const { data: account } = await data.connectedAccounts.get({ id: accountId }).go();
  if (!account || !account.is_active || account.profile_id !== profileId)
    throw new ValidationError([{ field, message: 'is not an account of this financial profile' }]);
}

/** 400 unless `categoryId` is a money-plan category of the profile. */
export async function assertProfileCategory(
  data: Data,
  profileId: string,
  categoryId: string,
  field = 'money_plan_category_id',
): Promise<void> {
  const { data: category } = await data.moneyPlanCategories
    .get({ profile_id: profileId, id: categoryId })
    .go();
  if (!category)
    throw new ValidationError([{ field, message: 'is not a money-plan category of this profile' }]);
}
