// GET/PUT /preferences/email and /preferences/alerts (spec §3 email_preferences, alert_preferences):
// the notifications section of /settings reads and saves them field by field.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';

export const ALERT_DELIVERIES = ['immediate', 'hourly', 'daily'] as const;
export type AlertDelivery = (typeof ALERT_DELIVERIES)[number];

export const emailPreferencesSchema = z.object({
  marketing_emails: z.boolean(),
  onboarding_emails: z.boolean(),
  weekly_digest: z.boolean(),
  monthly_report: z.boolean(),
  ai_insights: z.boolean(),
  transaction_summary: z.boolean(),
  unsubscribed_at: z.nullable(z.string()),
  suppressed_at: z.nullable(z.string()),
  suppression_reason: z.nullable(z.enum(['bounce', 'complaint'])),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export type EmailFlag = Exclude<
  keyof EmailPreferences,
  'unsubscribed_at' | 'suppressed_at' | 'suppression_reason'
>;

const delivery = z.catch(z.enum(ALERT_DELIVERIES), 'daily');
export const alertPreferencesSchema = z.object({
  critical_alert_frequency: delivery,
  high_alert_frequency: delivery,
  medium_alert_frequency: delivery,
  low_alert_frequency: delivery,
  enable_smart_batching: z.boolean(),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

export const emailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['preferences', 'email'] as const,
    queryFn: async ({ signal }) =>
      emailPreferencesSchema.parse(await api.get<unknown>('/preferences/email', { signal })),
  });

export const alertPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['preferences', 'alerts'] as const,
    queryFn: async ({ signal }) =>
      alertPreferencesSchema.parse(await api.get<unknown>('/preferences/alerts', { signal })),
  });

export function useSaveEmailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: Partial<Record<EmailFlag, boolean>>) =>
      emailPreferencesSchema.parse(await api.put<unknown>('/preferences/email', change)),
    onSuccess: (saved) => client.setQueryData(emailPreferencesQueryOptions().queryKey, saved),
  });
}

export function useSaveAlertPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: Partial<AlertPreferences>) =>
      alertPreferencesSchema.parse(await api.put<unknown>('/preferences/alerts', change)),
    onSuccess: (saved) => client.setQueryData(alertPreferencesQueryOptions().queryKey, saved),
  });
}

export function useUnsubscribeAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      emailPreferencesSchema.parse(await api.post<unknown>('/preferences/email/unsubscribe', {})),
    onSuccess: (saved) => client.setQueryData(emailPreferencesQueryOptions().queryKey, saved),
  });
}
