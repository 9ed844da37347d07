// Event contracts on the product's EventBridge bus: the detail schema of each detail-type.
// Producers publish through the event-bus port; consumers declare the detail-types they take in
// functions/catalog.ts.
import { z } from 'zod';

export const EVENT_SOURCE = 'money-calendar';

export const accountLinkedSchema = z.object({
  userId: z.string(),
  profileId: z.string(),
  itemId: z.string(),
  accountIds: z.array(z.string()),
});

export const transactionsChangedSchema = z.object({
  userId: z.string(),
  profileId: z.string().nullable(),
  accountIds: z.array(z.string()),
  added: z.number().int().nonnegative(),
  modified: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
});

export const planChangedSchema = z.object({
  userId: z.string(),
  profileId: z.string(),
  accountIds: z.array(z.string()),
});

export const eventContracts = {
  AccountLinked: accountLinkedSchema,
  TransactionsChanged: transactionsChangedSchema,
  PlanChanged: planChangedSchema,
} as const;

export type EventDetailType = keyof typeof eventContracts;
export type EventDetail<T extends EventDetailType> = z.infer<(typeof eventContracts)[T]>;
