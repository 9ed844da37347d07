// The Money Plan API's inputs: the list window's limits, and the zod schemas of item paths, the list query,
// a new item, an edit and a money-plan category (each field named in a 400).
import { z } from 'zod';
import { pageQuery } from '../lib/paging.ts';
import {
  cadenceInput,
  calendarDate,
  cashFlowCents,
  categoryInput,
  descriptionInput,
  idInput,
} from '../lib/money/validation.ts';
import { oneLine } from '../lib/text-input.ts';

/** The default window of GET /money-plan/items (spec §9: the default forecast view is 90 days). */
export const DEFAULT_RANGE_DAYS = 90;
/** Longest window one list may cover: two years of history plus the two-year horizon. */
export const MAX_RANGE_DAYS = 1470;
export const ITEM_NOT_FOUND = 'Planned item not found';

export const itemPath = z.object({ itemId: idInput });
export const scopeInput = z.enum(['this', 'series']);

export const listQuery = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  accountId: idInput.optional(),
  includeDeleted: z.enum(['true', 'false']).optional(),
  /** true: only one-off items (the Money Plan's "One-off items"), false or none: every item. */
  oneOff: z.enum(['true', 'false']).optional(),
  ...pageQuery(500, 1000),
});

export const createBody = z
  .object({
    description: descriptionInput,
    amount: cashFlowCents,
    due_date: calendarDate,
    account_id: idInput.nullable().default(null),
    category: categoryInput.nullable().optional(),
    money_plan_category_id: idInput.nullable().optional(),
    recurrence: z
      .object({ cadence: cadenceInput, until: calendarDate.optional() })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();

export const patchBody = z
  .object({
    description: descriptionInput.optional(),
    amount: cashFlowCents.optional(),
    due_date: calendarDate.optional(),
    account_id: idInput.nullable().optional(),
    category: categoryInput.nullable().optional(),
    money_plan_category_id: idInput.nullable().optional(),
    is_user_deleted: z.boolean().optional(),
    /** How it repeats from this occurrence on (null: no longer); see rescheduleItem. */
    recurrence: z
      .object({ cadence: cadenceInput, until: calendarDate.optional() })
      .strict()
      .nullable()
      .optional(),
    scope: scopeInput.default('this'),
  })
  .strict();

export const categoryBody = z
  .object({
    name: oneLine(z.string().trim().min(1, 'Please enter a category name').max(60)),
    group: oneLine(z.string().trim().min(1).max(60)).optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3B82F6')
      .optional(),
  })
  .strict();

export type PatchBody = z.infer<typeof patchBody>;
