// The local mail outbox, read side: the e-mail port's local adapter writes one JSON file per message;
// the gateway lists them at /__outbox (JSON, or an HTML page for a browser) and shows one at
// /__outbox/{id}. This is how a newcomer reads confirmation and invitation e-mails locally.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutboxMessage } from '../functions/lib/ports/email.ts';

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
