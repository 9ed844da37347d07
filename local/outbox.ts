// The local mail outbox, read side: the e-mail port's local adapter writes one JSON file per message;
// the gateway lists them at /__outbox (JSON, or an HTML page for a browser) and shows one at
// /__outbox/{id}. This is how a newcomer reads confirmation and invitation e-mails locally. The outbox
// also stands in for SES's configuration-set events: each message's simulated outcome (delivered, hard
// bounce, complaint: ports/email.ts simulatedOutcome) becomes the EventBridge event SES would send.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutboxDeliveryEvent, OutboxMessage } from '../functions/lib/ports/email.ts';

export function readOutbox(directory: string): OutboxMessage[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .map((name) => JSON.parse(readFileSync(join(directory, name), 'utf8')) as OutboxMessage);
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderOutboxPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.kind)}</td>` +
        `<td><a href="/__outbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<style>body{font:14px system-ui;margin:2rem}table{border-collapse:collapse}td,th{padding:.4rem .8rem;border-bottom:1px solid #ddd;text-align:left}</style>
</head><body><h1>Local outbox</h1><p>E-mails the product sent while running locally, newest first.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Kind</th><th>Subject</th></tr></thead><tbody>${
    rows || '<tr><td colspan="4">No e-mails yet.</td></tr>'
  }</tbody></table></body></html>`;
}

const SES_DETAIL_TYPES = {
  Delivery: 'Email Delivered',
  Bounce: 'Email Bounced',
  Complaint: 'Email Complaint Received',
} as const;

/** The EventBridge event SES sends for an outcome (detail as SES's event publishing shapes it). */
export function sesEventOf(outcome: OutboxDeliveryEvent) {
  const mail = { messageId: outcome.messageId, timestamp: outcome.at, destination: [outcome.to] };
  const detail =
    outcome.outcome === 'Bounce'
      ? {
          eventType: 'Bounce',
          mail,
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'General',
            timestamp: outcome.at,
            bouncedRecipients: [{ emailAddress: outcome.to }],
          },
        }
      : outcome.outcome === 'Complaint'
        ? {
            eventType: 'Complaint',
            mail,
            complaint: { timestamp: outcome.at, complainedRecipients: [{ emailAddress: outcome.to }] },
          }
        : { eventType: 'Delivery', mail, delivery: { timestamp: outcome.at, recipients: [outcome.to] } };
  return {
    version: '0',
    id: `${outcome.messageId}-${outcome.outcome}`,
    'detail-type': SES_DETAIL_TYPES[outcome.outcome],
    source: 'aws.ses',
    account: '000000000000',
    time: outcome.at,
    region: 'us-east-1',
    resources: [],
    detail,
  };
}
