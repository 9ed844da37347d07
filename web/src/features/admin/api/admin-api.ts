// The admin area's API calls (functions/admin/handler.ts): query options for each
// screen's read and the actions. The server checks admin access first; the SPA's guard only hides.
import { queryOptions } from '@tanstack/react-query';
import type { RECOMMENDATION_THRESHOLDS, WindowHealth } from '@domain/client-health.ts';
import type { ClientErrorReport } from '@domain/client-report.ts';
import { api } from '../../../lib/api-client.ts';

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export interface SeriesPoint {
  day: string;
  count: number;
}

export interface DashboardFigures {
  generated_at: string;
  users_total: number;
  signups_24h: number;
  signups_7d: number;
  signups_30d: number;
  signups_by_day: SeriesPoint[];
  dau: number;
  wau: number;
  mau: number;
  activation_24h: { cohort: number; activated: number };
  activation_7d: { cohort: number; activated: number };
  trials_started_30d: number;
  trials_by_day: SeriesPoint[];
  trial_cohorts: Array<{ week: string; trials: number; paid: number }>;
  paying: number;
  in_grace: number;
  churned_30d: number;
  churn_rate_30d: number | null;
  mrr_cents: number;
  items_by_state: Record<string, number>;
  health_counts: Record<string, number>;
  email_30d?: { sent: number; failed: number; bounced: number; opened: number; clicked: number };
}

export interface Dashboard {
  generated_at: string | null;
  figures: DashboardFigures | null;
  history: Array<{ day: string; figures: DashboardFigures }>;
  email:
    | {
        available: true;
        window_days: number;
        sent: number;
        failed: number;
        bounced: number;
        opened: number;
        clicked: number;
      }
    | { available: false; reason: string };
}

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: (q: string, cursor: string | undefined) => ['admin', 'users', q, cursor ?? ''] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  timeline: (id: string, cursor: string | undefined) => ['admin', 'timeline', id, cursor ?? ''] as const,
  system: ['admin', 'system'] as const,
  clientHealth: ['admin', 'client-health'] as const,
  health: (flag: string, cursor: string | undefined) => ['admin', 'health', flag, cursor ?? ''] as const,
  categories: ['admin', 'categories'] as const,
  plaid: ['admin', 'plaid-health'] as const,
  notices: ['admin', 'notices'] as const,
};

export const dashboardQuery = () =>
  queryOptions({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => api.get<Dashboard>('/admin/dashboard', { signal }),
  });

export const requestRollup = () => api.post<{ requested_at: string }>('/admin/rollups');

export interface AdminUserRow {
  id: string;
  email: string;
  full_name: string | null;
  is_admin: boolean;
  created_at: string;
  last_active_at: string | null;
}

export const usersQuery = (q: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: adminKeys.users(q, cursor),
    queryFn: ({ signal }) =>
      api.get<Page<AdminUserRow>>(withQuery('/admin/users', { q, cursor, limit: 25 }), { signal }),
  });

export interface AdminUser {
  user: AdminUserRow & { onboarding_completed: boolean; two_factor_enabled: boolean };
  cognito: { enabled: boolean; status: string; groups: string[] } | null;
  banks: Array<{
    id: string;
    institution_name: string | null;
    status: string;
    error_code: string | null;
    last_synced_at: string | null;
    created_at: string;
  }>;
  subscription: {
    status: string;
    plan: string | null;
    trial_end: string | null;
    grace_expires_at: string | null;
  } | null;
}

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => api.get<AdminUser>(`/admin/users/${encodeURIComponent(id)}`, { signal }),
  });

export interface TimelineEvent {
  at: string;
  id: string;
  kind: string;
  title: string;
  detail?: string;
}

export const timelineQuery = (id: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: adminKeys.timeline(id, cursor),
    queryFn: ({ signal }) =>
      api.get<Page<TimelineEvent> & { sources_unavailable: string[] }>(
        withQuery(`/admin/users/${encodeURIComponent(id)}/timeline`, { cursor, limit: 50 }),
        { signal },
      ),
  });

export type UserAction =
  'grant_admin' | 'revoke_admin' | 'disable_user' | 'enable_user' | 'revoke_sessions' | 'resend_verification';

export const userAction = (id: string, action: UserAction) =>
  api.post<unknown>(`/admin/users/${encodeURIComponent(id)}/actions`, { action });

export interface SystemView {
  window_hours: number;
  functions: Array<{
    name: string;
    built: boolean;
    requests: number;
    client_errors: number;
    server_errors: number;
    error_rate: number | null;
    p95_ms: number | null;
  }>;
  events: Array<{ detail_type: string; consumer: string; deliveries: number; failures: number }>;
  schedules: Array<{
    name: string;
    schedule_id: string;
    expression: string;
    built: boolean;
    last_run_at: string | null;
    last_status: string | null;
    last_error: string | null;
  }>;
  build_version: string | null;
}

export const systemQuery = () =>
  queryOptions({
    queryKey: adminKeys.system,
    queryFn: ({ signal }) => api.get<SystemView>('/admin/system', { signal }),
  });

export interface HealthPage extends Page<{
  user_id: string;
  subject_id: string;
  email: string | null;
  detail: string | null;
  since: string | null;
}> {
  flag: string;
  counts: Record<string, number> | null;
  generated_at: string | null;
}

export const healthQuery = (flag: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: adminKeys.health(flag, cursor),
    queryFn: ({ signal }) =>
      api.get<HealthPage>(withQuery('/admin/user-health', { flag, cursor, limit: 25 }), { signal }),
  });

export interface BudgetMaps {
  descriptionMap: Record<string, string>;
  keywords: Record<string, string[]>;
}

export interface CategoriesView {
  categories: string[];
  taxonomy: Array<{
    name: string;
    group: string;
    plaid_primary: string;
    plaid_detailed: string;
    description: string;
  }>;
  maps: BudgetMaps;
  version: number;
  source: 'built_in' | 'edited';
  updated_at: string | null;
  updated_by: string | null;
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: adminKeys.categories,
    queryFn: ({ signal }) => api.get<CategoriesView>('/admin/categories', { signal }),
  });

export const saveCategories = (maps: BudgetMaps, version: number) =>
  api.put<{ version: number }>('/admin/categories', { maps, version });

export interface PlaidHealth {
  items_by_state: Record<string, number> | null;
  items_generated_at: string | null;
  syncs: number;
  success_rate: number | null;
  webhook_to_synced_p95_ms: number | null;
  webhook_samples: number;
  top_error_codes: Array<{ code: string; count: number }>;
  institutions: Array<{
    institution_id: string;
    name: string;
    syncs: number;
    errors: number;
    error_rate: number;
  }>;
  recent_failures: Array<{
    user_id: string;
    item_id: string;
    institution_name: string | null;
    status: string;
    error_code: string | null;
    finished_at: string;
  }>;
}

export const plaidHealthQuery = () =>
  queryOptions({
    queryKey: adminKeys.plaid,
    queryFn: ({ signal }) => api.get<PlaidHealth>('/admin/plaid-health', { signal }),
  });

export interface AdminNotice {
  id: string;
  title: string;
  content: string;
  notification_type: string;
  style_variant: string;
  target_page: string;
  is_active: boolean;
  start_date: string;
  end_date?: string | null;
  priority: number;
  created_at: string;
}

export const noticesQuery = () =>
  queryOptions({
    queryKey: adminKeys.notices,
    queryFn: ({ signal }) => api.get<{ notifications: AdminNotice[] }>('/admin/notifications', { signal }),
  });

export type NoticeInput = Omit<AdminNotice, 'id' | 'created_at'>;

export const createNotice = (input: NoticeInput) => api.post<AdminNotice>('/admin/notifications', input);
export const updateNotice = (id: string, input: Partial<NoticeInput>) =>
  api.patch<AdminNotice>(`/admin/notifications/${encodeURIComponent(id)}`, input);

/** GET /admin/client-health (functions/lib/client-reports.ts). */
export interface ClientHealth {
  generated_at: string;
  thresholds: typeof RECOMMENDATION_THRESHOLDS;
  windows: { hour: WindowHealth; day: WindowHealth };
  errors: {
    groups: {
      fingerprint: string;
      error_class: string;
      message: string;
      route: string;
      occurrences: number;
      reports: number;
      people: number;
      last_seen: string;
      last_correlation_id: string | null;
    }[];
    recent: (Omit<ClientErrorReport, 'correlation_id'> & {
      id: string;
      received_at: string;
      user_id: string | null;
      correlation_id: string | null;
    })[];
  };
}

export const clientHealthQuery = () =>
  queryOptions({
    queryKey: adminKeys.clientHealth,
    queryFn: ({ signal }) => api.get<ClientHealth>('/admin/client-health', { signal }),
  });
