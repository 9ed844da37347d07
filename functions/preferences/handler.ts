// spec §7 data-store calls for alert_preferences, email_preferences (unsubscribe sets all flags false),
// user_engagement_metrics (reads and upserts) and email_sends with campaign and template joins (newest
// first, default limit 50, spec §9), for the caller only. Bodies are strict: an unknown field or a wrong
// type is a 400 naming it, and nothing is written.
import { z } from 'zod';
import { ALERT_DELIVERIES } from '../../domain/alerts.ts';
import { ForbiddenError } from '../../domain/errors.ts';
import { alertPreferencesOf } from '../lib/alerts/alerts.ts';
import { dataFor } from '../lib/data/index.ts';
import { emailPreferencesOf, tokenOwner, unsubscribeAll } from '../lib/email/automation.ts';
import { httpHandler, route } from '../lib/http.ts';
import { pageQuery, queryPage } from '../lib/paging.ts';

/** spec §9: the e-mail history's default limit. */
export const EMAIL_HISTORY_DEFAULT_LIMIT = 50;

const delivery = z.enum(ALERT_DELIVERIES);
const alertBody = z
  .object({
    critical_alert_frequency: delivery,
    high_alert_frequency: delivery,
    medium_alert_frequency: delivery,
    low_alert_frequency: delivery,
    enable_smart_batching: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'must change at least one field' });

const emailBody = z
  .object({
    marketing_emails: z.boolean(),
    onboarding_emails: z.boolean(),
    weekly_digest: z.boolean(),
    monthly_report: z.boolean(),
    ai_insights: z.boolean(),
    transaction_summary: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'must change at least one field' });

/** Optional: the token of an e-mail's link, which must be the caller's own. */
const unsubscribeBody = z.object({ token: z.string().min(1).max(200).optional() }).strict();

const metricsBody = z
  .object({
    accounts_connected: z.number().int().min(0).max(10_000),
    money_plan_generated: z.boolean(),
    ai_coach_used: z.boolean(),
    days_active: z.number().int().min(0).max(100_000),
    prompts_shown: z.array(z.string().regex(/^[a-z_]{1,40}$/, 'must be a prompt id')).max(20),
    last_prompt_shown: z.string().datetime(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'must change at least one field' });

async function metricsOf(deps: Parameters<typeof dataFor>[0], userId: string) {
  const { data: stored } = await dataFor(deps).engagementMetrics.get({ user_id: userId }).go();
  return {
    user_id: userId,
    accounts_connected: stored?.accounts_connected ?? 0,
    money_plan_generated: stored?.money_plan_generated ?? false,
    ai_coach_used: stored?.ai_coach_used ?? false,
    days_active: stored?.days_active ?? 0,
    prompts_shown: stored?.prompts_shown ?? [],
    last_prompt_shown: stored?.last_prompt_shown ?? null,
    last_active_date: stored?.last_active_date ?? null,
    updated_at: stored?.updated_at ?? null,
  };
}

export const handler = httpHandler('preferences', {
  'GET /preferences/alerts': route({
    run: async ({ deps, caller }) => alertPreferencesOf(dataFor(deps), caller.userId),
  }),
  'PUT /preferences/alerts': route({
    body: alertBody,
    run: async ({ deps, caller, body }) => {
      const data = dataFor(deps);
      await data.alertPreferences.update({ user_id: caller.userId }).set(body).go();
      return alertPreferencesOf(data, caller.userId);
    },
  }),
  'GET /preferences/email': route({
    run: async ({ deps, caller }) => emailPreferencesOf(dataFor(deps), caller.userId),
  }),
  'PUT /preferences/email': route({
    body: emailBody,
    run: async ({ deps, caller, body }) => {
      const data = dataFor(deps);
      // Turning any e-mail back on ends a full unsubscribe; a bounce suppression stays (docs/email.md).
      const resubscribes = Object.values(body).some(Boolean);
      let update = data.emailPreferences.update({ user_id: caller.userId }).set(body);
      if (resubscribes) update = update.remove(['unsubscribed_at']);
      await update.go();
      return emailPreferencesOf(data, caller.userId);
    },
  }),
  'POST /preferences/email/unsubscribe': route({
    body: unsubscribeBody,
    run: async ({ deps, caller, body }) => {
      const data = dataFor(deps);
      const now = deps.clock();
      if (body.token && (await tokenOwner(data, body.token, now)) !== caller.userId)
        throw new ForbiddenError('This unsubscribe link belongs to another account');
      return unsubscribeAll(data, caller.userId, now);
    },
  }),
  'GET /engagement-metrics': route({
    run: async ({ deps, caller }) => metricsOf(deps, caller.userId),
  }),
  'PUT /engagement-metrics': route({
    body: metricsBody,
    run: async ({ deps, caller, body }) => {
      await dataFor(deps).engagementMetrics.update({ user_id: caller.userId }).set(body).go();
      return metricsOf(deps, caller.userId);
    },
  }),
  'GET /email-sends': route({
    query: z.object(pageQuery(EMAIL_HISTORY_DEFAULT_LIMIT, 100)).strict(),
    run: async ({ deps, caller, query }) => {
      const data = dataFor(deps);
      const page = await queryPage(query.cursor, (cursor) =>
        data.emailSends.query
          .byUser({ user_id: caller.userId })
          .go({ order: 'desc', limit: query.limit, cursor }),
      );
      const campaignIds = [...new Set(page.items.flatMap((s) => (s.campaign_id ? [s.campaign_id] : [])))];
      const templateIds = [...new Set(page.items.flatMap((s) => (s.template_id ? [s.template_id] : [])))];
      const [campaigns, templates] = await Promise.all([
        campaignIds.length
          ? data.emailCampaigns.get(campaignIds.map((id) => ({ id }))).go()
          : Promise.resolve({ data: [] }),
        templateIds.length
          ? data.emailCampaignTemplates.get(templateIds.map((id) => ({ id }))).go()
          : Promise.resolve({ data: [] }),
      ]);
      const campaignById = new Map(campaigns.data.map((c) => [c.id, c]));
      const templateById = new Map(templates.data.map((t) => [t.id, t]));
      return {
        items: page.items.map((s) => {
          const campaign = s.campaign_id ? campaignById.get(s.campaign_id) : undefined;
          const template = s.template_id ? templateById.get(s.template_id) : undefined;
          return {
            id: s.id,
            kind: s.kind ?? null,
            subject: s.subject,
            to_email: s.to_email,
            status: s.status,
            sent_at: s.sent_at,
            delivered_at: s.delivered_at ?? null,
            opened_at: s.opened_at ?? null,
            clicked_at: s.clicked_at ?? null,
            bounced_at: s.bounced_at ?? null,
            campaign: campaign
              ? { id: campaign.id, name: campaign.name, campaign_type: campaign.campaign_type }
              : null,
            template: template
              ? {
                  id: template.id,
                  name: template.name,
                  template_type: template.template_type,
                  subject_line: template.subject_line,
                }
              : null,
          };
        }),
        next_cursor: page.next_cursor,
      };
    },
  }),
});
