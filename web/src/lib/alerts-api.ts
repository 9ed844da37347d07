// GET /alerts and POST /alerts/read: the signed-in person's alerts, newest first, and
// how many are unread. Shared by the header's notifications menu.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from './api-client.ts';

// Built with the first list read (z.lazy), after the first screen, not with the frame's code.
export const alertSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    priority: z.number(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.nullable(z.string()),
    read_at: z.nullable(z.string()),
    created_at: z.string(),
  }),
);
export type AppAlert = z.infer<typeof alertSchema>;

const listSchema = z.lazy(() => z.object({ items: z.array(alertSchema), unread_count: z.number() }));

/** New alerts arrive from jobs, not from the person: look again every minute while the app is open. */
export const ALERTS_REFRESH_MS = 60_000;

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: ['alerts'] as const,
    queryFn: async ({ signal }) => listSchema.parse(await api.get<unknown>('/alerts?limit=20', { signal })),
    refetchInterval: ALERTS_REFRESH_MS,
  });

export function useMarkAlertsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { all: true } | { ids: string[] }) => api.post<unknown>('/alerts/read', body),
    onSuccess: () => client.invalidateQueries({ queryKey: alertsQueryOptions().queryKey }),
  });
}
