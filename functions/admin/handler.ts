// The admin area's API (spec §2 admin routes). The HTTP stack has already checked the caller (Cognito
// `admin` group and profiles.is_admin) before any route runs; every action writes an audit record. The
// roll-up job runs here too, on its schedule and on request: it runs the due checks and keeps the day's
// snapshot, reading counters only (functions/lib/admin/rollup.ts).
import { z } from 'zod';
import {
  SIMPLE_BUDGET_CATEGORIES,
  matchBudgetCategory,
  type BudgetMaps,
} from '../../domain/budget-categories.ts';
import { ConflictError, NotFoundError, NotImplementedError } from '../../domain/errors.ts';
import { TAXONOMY } from '../../domain/taxonomy.ts';
import { writeAudit } from '../lib/admin/audit.ts';
import { clientHealth } from '../lib/client-reports.ts';
import { loadBudgetMaps, saveBudgetMaps } from '../lib/admin/category-rules.ts';
import { readFigures, runRollup } from '../lib/admin/rollup.ts';
import { HEALTH_FLAGS } from '../lib/data/entities/admin.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { descending, pageInMemory, pageQuery, queryPage } from '../lib/paging.ts';
import { ADMIN_GROUP, UnsupportedLocallyError } from '../lib/ports/user-directory.ts';
import { revokeSessions } from '../lib/sessions.ts';
import { withTriggers } from '../lib/triggers.ts';
import { dashboard, emailFigures, plaidHealth, systemView, timeline } from './views.ts';

const userPath = z.object({ userId: z.string().min(1).max(128) });

const ACTIONS = [
  'grant_admin',
  'revoke_admin',
  'disable_user',
  'enable_user',
  'revoke_sessions',
  'resend_verification',
] as const;

const budgetCategory = z.enum(SIMPLE_BUDGET_CATEGORIES);
const budgetMapsSchema = z.object({
  descriptionMap: z.record(z.string().max(200), budgetCategory),
  keywords: z.record(budgetCategory, z.array(z.string().max(200)).max(200)),
});

export const http = httpHandler('admin', {
  'GET /admin/dashboard': route({
    run: async ({ deps }) => dashboard(dataFor(deps), deps.clock()),
  }),
  'POST /admin/rollups': route({
    status: 202,
    run: async ({ deps, caller }) => {
      const now = deps.clock();
      await deps.events.publish('AdminRollupRequested', {
        requestedBy: caller.userId,
        requestedAt: now.toISOString(),
      });
      await writeAudit(
        dataFor(deps),
        caller,
        'request_rollup',
        { type: 'rollup', id: 'dashboard' },
        null,
        { requested_at: now.toISOString() },
        now,
      );
      return { requested_at: now.toISOString() };
    },
  }),
  'GET /admin/users': route({
    query: z.object({ q: z.string().trim().max(254).optional(), ...pageQuery(25, 100) }),
    run: async ({ deps, query }) => {
      const data = dataFor(deps);
      const prefix = query.q?.toLowerCase() ?? '';
      const page = await queryPage(query.cursor, (cursor) => {
        const base = data.profiles.query.byEmail({});
        const ranged = prefix ? base.begins({ email: prefix }) : base;
        return ranged.go({ cursor, limit: query.limit });
      });
      return {
        items: page.items.map((p) => ({
          id: p.id,
          email: p.email,
          full_name: p.full_name ?? null,
          is_admin: p.is_admin,
          created_at: p.created_at,
          last_active_at: p.last_active_at ?? null,
        })),
        next_cursor: page.next_cursor,
      };
    },
  }),
  'GET /admin/users/{userId}': route({
    path: userPath,
    run: async ({ deps, path }) => {
      const data = dataFor(deps);
      const { data: profile } = await data.profiles.get({ id: path.userId }).go();
      if (!profile) throw new NotFoundError('User not found');
      const [directory, items, subscriber] = await Promise.all([
        deps.users.get(profile.email),
        data.plaidItems.query.byUser({ user_id: path.userId }).go({ pages: 'all' }),
        data.subscribers.get({ user_id: path.userId }).go(),
      ]);
      return {
        user: {
          id: profile.id,
          email: profile.email,
          full_name: profile.full_name ?? null,
          is_admin: profile.is_admin,
          created_at: profile.created_at,
          last_active_at: profile.last_active_at ?? null,
          onboarding_completed: profile.onboarding_completed,
          two_factor_enabled: profile.two_factor_enabled,
        },
        cognito: directory,
        banks: items.data.map((i) => ({
          id: i.id,
          institution_name: i.institution_name ?? null,
          status: i.status,
          error_code: i.error_code ?? null,
          last_synced_at: i.last_synced_at ?? null,
          created_at: i.created_at,
        })),
        subscription: subscriber.data
          ? {
              status: subscriber.data.status,
              plan: subscriber.data.plan ?? null,
              trial_end: subscriber.data.trial_end ?? null,
              grace_expires_at: subscriber.data.grace_expires_at ?? null,
            }
          : null,
      };
    },
  }),
  'GET /admin/users/{userId}/timeline': route({
    path: userPath,
    query: z.object(pageQuery(50, 200)),
    run: async ({ deps, path, query }) => {
      const { events, sources_unavailable } = await timeline(dataFor(deps), path.userId);
      const page = pageInMemory(events, (e) => `${descending(e.at)}|${e.id}`, query);
      return { ...page, sources_unavailable };
    },
  }),
  'POST /admin/users/{userId}/actions': route({
    path: userPath,
    body: z.object({ action: z.enum(ACTIONS) }),
    run: async ({ deps, path, body, caller }) => {
      const data = dataFor(deps);
      const { data: profile } = await data.profiles.get({ id: path.userId }).go();
      if (!profile) throw new NotFoundError('User not found');
      const before = await deps.users.get(profile.email);
      if (!before) throw new NotFoundError('User not found in the user pool');
      const state = (d: typeof before, isAdmin: boolean) => ({
        enabled: d.enabled,
        status: d.status,
        groups: d.groups,
        is_admin: isAdmin,
      });
      if ((body.action === 'revoke_admin' || body.action === 'disable_user') && path.userId === caller.userId)
        throw new ConflictError('You cannot do that to your own account.');
      try {
        switch (body.action) {
          case 'grant_admin':
            await deps.users.addToGroup(profile.email, ADMIN_GROUP);
            await data.profiles.patch({ id: profile.id }).set({ is_admin: true }).go();
            break;
          case 'revoke_admin':
            await deps.users.removeFromGroup(profile.email, ADMIN_GROUP);
            await data.profiles.patch({ id: profile.id }).set({ is_admin: false }).go();
            break;
          case 'disable_user':
            // Disabling stops new sign-ins only: ID tokens already issued stay valid for up to an hour, so
            // the person's sessions end with it (the API refuses tokens authenticated before the mark).
            await deps.users.setEnabled(profile.email, false);
            await revokeSessions(deps, data, profile, 'admin');
            break;
          case 'enable_user':
            await deps.users.setEnabled(profile.email, true);
            break;
          case 'revoke_sessions':
            await revokeSessions(deps, data, profile, 'admin');
            break;
          case 'resend_verification':
            if (before.status === 'CONFIRMED')
              throw new ConflictError('This e-mail address is already verified.');
            await deps.users.resendConfirmation(profile.email);
            break;
        }
      } catch (error) {
        if (error instanceof UnsupportedLocallyError)
          throw new NotImplementedError(error.message, { cause: error });
        throw error;
      }
      const after = await deps.users.get(profile.email);
      const { data: updated } = await data.profiles.get({ id: profile.id }).go();
      const result = {
        before: state(before, profile.is_admin ?? false),
        after: after ? state(after, updated?.is_admin ?? false) : null,
      };
      await writeAudit(
        data,
        caller,
        body.action,
        { type: 'user', id: profile.id },
        result.before,
        result.after,
        deps.clock(),
      );
      return result;
    },
  }),
  'GET /admin/audit': route({
    query: z.object(pageQuery(50, 200)),
    run: async ({ deps, query }) =>
      queryPage(query.cursor, (cursor) =>
        dataFor(deps).adminAudit.query.all({}).go({ cursor, limit: query.limit, order: 'desc' }),
      ),
  }),
  'GET /admin/system': route({
    run: async ({ deps }) => systemView(dataFor(deps), deps.clock(), deps.buildVersion),
  }),
  // Browsers' timings against spec §9's thresholds, and their error reports.
  'GET /admin/client-health': route({
    run: async ({ deps }) => clientHealth(deps),
  }),
  'GET /admin/user-health': route({
    query: z.object({ flag: z.enum(HEALTH_FLAGS).default('login_required'), ...pageQuery(25, 100) }),
    run: async ({ deps, query }) => {
      const data = dataFor(deps);
      const [page, figures] = await Promise.all([
        queryPage(query.cursor, (cursor) =>
          data.adminHealthFlags.query.byFlag({ flag: query.flag }).go({ cursor, limit: query.limit }),
        ),
        readFigures(data, deps.clock()),
      ]);
      return {
        flag: query.flag,
        counts: figures.health_counts,
        generated_at: figures.generated_at,
        items: page.items.map((f) => ({
          user_id: f.user_id,
          subject_id: f.subject_id,
          email: f.email ?? null,
          detail: f.detail ?? null,
          since: f.since ?? null,
        })),
        next_cursor: page.next_cursor,
      };
    },
  }),
  'GET /admin/categories': route({
    run: async ({ deps }) => {
      const stored = await loadBudgetMaps(dataFor(deps));
      return {
        categories: SIMPLE_BUDGET_CATEGORIES,
        taxonomy: TAXONOMY.map((e) => ({
          name: e.name,
          group: e.group,
          plaid_primary: e.plaidPrimary,
          plaid_detailed: e.plaidDetailed,
          description: e.description,
        })),
        maps: stored.maps,
        version: stored.version,
        source: stored.source,
        updated_at: stored.updated_at,
        updated_by: stored.updated_by,
      };
    },
  }),
  'PUT /admin/categories': route({
    body: z.object({ maps: budgetMapsSchema, version: z.number().int().min(0) }),
    run: async ({ deps, body, caller }) => {
      const data = dataFor(deps);
      const before = await loadBudgetMaps(data);
      const saved = await saveBudgetMaps(data, body.maps as BudgetMaps, body.version, caller.email);
      await writeAudit(
        data,
        caller,
        'update_category_maps',
        { type: 'category_maps', id: 'budget_maps' },
        { version: before.version, maps: before.source === 'built_in' ? 'built-in' : before.maps },
        { version: saved.version, maps: saved.maps },
        deps.clock(),
      );
      return { maps: saved.maps, version: saved.version, source: saved.source, updated_at: saved.updated_at };
    },
  }),
  'POST /admin/categories/test': route({
    body: z.object({ description: z.string().max(500) }),
    run: async ({ deps, body }) => {
      const stored = await loadBudgetMaps(dataFor(deps));
      return { ...matchBudgetCategory(body.description, stored.maps), version: stored.version };
    },
  }),
  'GET /admin/plaid-health': route({
    run: async ({ deps }) => plaidHealth(dataFor(deps), deps.clock()),
  }),
  'GET /admin/email-analytics': route({
    run: async ({ deps }) => {
      const figures = await readFigures(dataFor(deps), deps.clock());
      return { generated_at: figures.generated_at, ...emailFigures(figures) };
    },
  }),
});

export const handler = withTriggers(http, {
  onSchedule: (deps) => runRollup(deps, dataFor(deps)),
  onEvent: (_event, deps) => runRollup(deps, dataFor(deps)),
});
