import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allRoutes, catalog } from './catalog.ts';

// spec §7 "Serverless functions": every documented function, by its documented name.
const documentedFunctions = [
  'check-subscription',
  'ensure-default-profile',
  'archive-financial-profile',
  'start-trial',
  'send-2fa-code-secure',
  'verify-2fa-code-secure',
  'smart-alert-batching',
  'sendgrid-email-automation',
  'transaction-summary-email',
  'send-verification-email',
  'plaid-hosted-link',
  'plaid-link-token',
  'plaid-exchange-token',
  'link-account-to-profile',
  'smart-plaid-sync',
  'trigger-full-sync-pipeline',
  'plaid-transactions-sync',
  'get-financial-accounts',
  'get-money-plan-calendar',
];

describe('function catalog', () => {
  it('lists every documented function of spec §7 as a function with a body schema', () => {
    for (const name of documentedFunctions) {
      const entry = catalog.find((e) => e.name === name);
      expect(entry, name).toBeDefined();
      expect(entry?.kind).toBe('function');
      expect(entry?.body, `${name} body`).toBeDefined();
      expect(entry?.routes).toMatchObject([{ method: 'POST', path: `/functions/${name}` }]);
    }
  });

  it('has unique names and unique routes', () => {
    expect(new Set(catalog.map((e) => e.name)).size).toBe(catalog.length);
    const keys = allRoutes.map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('points every built entry at an existing handler module, and every other one at its issue', () => {
    for (const entry of catalog) {
      if (entry.handler) expect(existsSync(entry.handler), entry.handler).toBe(true);
      else expect(entry.plannedIn, entry.name).toBeTruthy();
    }
  });

  it('never accepts a Plaid access token from the browser (ARCHITECTURE.md trust correction)', () => {
    for (const e of catalog.filter((entry) => entry.body)) {
      const fields = Object.keys((e.body as unknown as { shape: Record<string, unknown> }).shape);
      expect(fields, e.name).not.toContain('accessToken');
      expect(fields, e.name).not.toContain('access_token');
    }
    const plaidLink = catalog.find((e) => e.name === 'plaid-link-token')!.body!;
    expect(plaidLink.safeParse({ updateMode: true, itemId: 'item-1' }).success).toBe(true);
  });

  it('validates documented bodies as the spec shapes them', () => {
    const calendar = catalog.find((e) => e.name === 'get-money-plan-calendar')!.body!;
    expect(calendar.safeParse({ month: '2026-11' }).success).toBe(true);
    expect(calendar.safeParse({ month: '2026-13' }).success).toBe(false);
    expect(calendar.safeParse({}).success).toBe(false);

    const alerts = catalog.find((e) => e.name === 'smart-alert-batching')!.body!;
    expect(
      alerts.safeParse({ alert_type: 'critical_financial_alert', alert_data: {}, priority: 1 }).success,
    ).toBe(true);
    expect(
      alerts.safeParse({ alert_type: 'critical_financial_alert', alert_data: {}, priority: 5 }).success,
    ).toBe(false);
  });

  it('gives webhooks, the pre-signup questionnaire and code resend, the invitation lookup, one-click unsubscribe and client reports no authorizer, and everything else one', () => {
    const open = catalog.filter((e) => e.caller === 'public' || e.caller === 'webhook').map((e) => e.name);
    expect(open.sort()).toEqual([
      'client-reports',
      'email-unsubscribe',
      'get-invitation-by-token',
      'onboarding-responses',
      'plaid-webhook',
      'send-verification-email',
      'stripe-webhook',
    ]);
  });
});

describe('docs/catalog.md', () => {
  it('is up to date with the catalog (run `npm run docs:catalog`)', async () => {
    const { readFileSync } = await import('node:fs');
    const { renderCatalogDoc } = await import('./catalog-doc.ts');
    expect(readFileSync('docs/catalog.md', 'utf8')).toBe(renderCatalogDoc());
  });
});

describe('schedules', () => {
  it('attaches every schedule of events/schedules.ts to exactly one entry', async () => {
    const { schedules } = await import('../events/schedules.ts');
    for (const schedule of Object.values(schedules)) {
      expect(
        catalog.filter((e) => e.schedule?.id === schedule.id).map((e) => e.name),
        schedule.id,
      ).toHaveLength(1);
    }
  });
});
