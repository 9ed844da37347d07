// Renders the function catalog as the Markdown page docs/catalog.md.
import { z } from 'zod';
import { queues } from '../events/queues.ts';
import { catalog, type CatalogEntry } from './catalog.ts';

function bodyFields(entry: CatalogEntry): string {
  if (!entry.body) return '–';
  const schema = z.toJSONSchema(entry.body, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const names = Object.keys(schema.properties ?? {});
  if (names.length === 0) return 'none';
  const required = new Set(schema.required ?? []);
  return names.map((n) => (required.has(n) ? `\`${n}\`` : `\`${n}\`?`)).join(', ');
}

export function renderCatalogDoc(): string {
  const rows = catalog.map((entry) => {
    const routes =
      [
        ...entry.routes.map((r) => `\`${r.method} ${r.path}\``),
        ...(entry.websocketRoutes ?? []).map((key) => `WebSocket \`${key}\``),
      ].join('<br>') || '–';
    const trigger = [
      entry.schedule ? `schedule \`${entry.schedule.expression}\`` : '',
      entry.events?.length ? `events ${entry.events.join(', ')}` : '',
      entry.queue ? `queue \`${entry.queue.id}\`` : '',
      entry.enqueues?.length
        ? `enqueues to ${entry.enqueues.map((key) => `\`${queues[key].id}\``).join(', ')}`
        : '',
    ]
      .filter(Boolean)
      .join('; ');
    const status = entry.handler ? `\`${entry.handler}\`` : `501 until: ${entry.plannedIn ?? '?'}`;
    return `| \`${entry.name}\` | ${entry.kind} | ${entry.caller} | ${routes} | ${bodyFields(entry)} | ${trigger || '–'} | ${status} |`;
  });
  return `# Function catalog

Generated from \`functions/catalog.ts\` by \`npm run docs:catalog\`; a unit test fails when this page is
out of date. The catalog is the only list of routes: CDK creates one Lambda per row (\`infra/\`), and the
local gateway (\`local/gateway.ts\`) serves the same routes with the same JWT check and event shape.

- **kind**: \`function\` is a documented serverless function of spec §7 (same name, body as the spec
  shapes it); \`resource\` is a REST group for the spec's data-store calls; \`webhook\` a provider callback.
- **caller**: \`user\` and \`admin\` routes sit behind the Cognito JWT authorizer (the SPA sends the ID
  token); \`admin\` also needs the \`admin\` group; \`public\` and \`webhook\` routes have no authorizer
  (webhooks verify the provider's signature).
- **body**: \`field\` is required, \`field\`? optional. Trust corrections of ARCHITECTURE.md: a
  \`userId\`/\`user_id\` that is not the caller's is refused with 403 by the handler stack, and Plaid access
  tokens are never accepted from the browser (\`itemId\`/\`accountId\` instead).
- **trigger**: a schedule (EventBridge), bus events, the work queue the entry's worker consumes, and
  the queues its schedule enqueues to (\`events/queues.ts\`, docs/operations.md).
- **status**: the handler module, or 501 \`{ code: 'not_implemented', message }\` naming the issue that
  builds it.

| name | kind | caller | routes | body | trigger | status |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}
