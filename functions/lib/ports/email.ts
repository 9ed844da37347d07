// The e-mail port: SES in the cloud, the local outbox (one JSON file per message under
// .data/outbox, listed by the local gateway at /__outbox) on this machine. Callers never know which.
// Messages with headers of their own (RFC 8058 List-Unsubscribe) go to SES as raw MIME, since
// SendEmail takes no custom headers; both paths name the configuration set whose events (delivery,
// bounce, complaint, open, click) reach the product through EventBridge (docs/email.md).
import type { SESClient } from '@aws-sdk/client-ses';
import { SendEmailCommand, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is, for logs and the outbox (e.g. "profile_invitation"). */
  kind: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). Names and values are ours, never user text. */
  headers?: Record<string, string>;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<{ messageId: string }>;
}

/** RFC 2047 encoded-word for a header value that is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

const base64Lines = (value: string) =>
  (
    Buffer.from(value, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');

/** A multipart/alternative MIME message (text and HTML), with the message's own headers. */
export function mimeMessage(from: string, message: EmailMessage, boundary = `b-${randomUUID()}`): string {
  const headers: Array<[string, string]> = [
    ['From', from],
    ['To', message.to],
    ['Subject', encodeHeader(message.subject)],
    ['MIME-Version', '1.0'],
    ...Object.entries(message.headers ?? {}),
    ['Content-Type', `multipart/alternative; boundary="${boundary}"`],
  ];
  for (const [name, value] of headers)
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) throw new Error(`header ${name} has a line break`);
  return [
    ...headers.map(([name, value]) => `${name}: ${value}`),
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

export function sesEmailSender(client: SESClient, from: string, configurationSet?: string): EmailSender {
  const setName = configurationSet ? { ConfigurationSetName: configurationSet } : {};
  const tags = (message: EmailMessage) => [{ Name: 'kind', Value: message.kind }];
  return {
    async send(message) {
      if (message.headers && Object.keys(message.headers).length > 0) {
        const result = await client.send(
          new SendRawEmailCommand({
            Source: from,
            Destinations: [message.to],
            RawMessage: { Data: Buffer.from(mimeMessage(from, message), 'utf8') },
            Tags: tags(message),
            ...setName,
          }),
        );
        return { messageId: result.MessageId ?? 'unknown' };
      }
      const result = await client.send(
        new SendEmailCommand({
          Source: from,
          Destination: { ToAddresses: [message.to] },
          Message: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              Html: { Data: message.html, Charset: 'UTF-8' },
            },
          },
          Tags: tags(message),
          ...setName,
        }),
      );
      return { messageId: result.MessageId ?? 'unknown' };
    },
  };
}

export interface OutboxMessage extends EmailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** What the local outbox reports after a message, as SES's configuration set would through EventBridge. */
export type OutboxDeliveryEvent = {
  messageId: string;
  to: string;
  outcome: 'Delivery' | 'Bounce' | 'Complaint';
  at: string;
};

/**
 * SES's mailbox simulator, locally: mail to bounce@simulator.amazonses.com (or any address tagged
 * `+bounce`) hard-bounces, complaint@… (or `+complaint`) complains, everything else is delivered.
 */
export function simulatedOutcome(to: string): OutboxDeliveryEvent['outcome'] {
  const local = to.toLowerCase().split('@')[0] ?? '';
  if (local === 'bounce' || local.endsWith('+bounce')) return 'Bounce';
  if (local === 'complaint' || local.endsWith('+complaint')) return 'Complaint';
  return 'Delivery';
}

export function outboxEmailSender(
  directory: string,
  from: string,
  clock: () => Date = () => new Date(),
  /** Receives the simulated delivery outcome of each message (the local cloud hands it on). */
  onDeliveryEvent?: (event: OutboxDeliveryEvent) => void,
): EmailSender {
  return {
    async send(message) {
      mkdirSync(directory, { recursive: true });
      const sentAt = clock().toISOString();
      const id = randomUUID();
      const record: OutboxMessage = { ...message, id, from, sentAt };
      writeFileSync(
        join(directory, `${sentAt.replace(/[:.]/g, '-')}-${id}.json`),
        JSON.stringify(record, null, 2),
      );
      onDeliveryEvent?.({ messageId: id, to: message.to, outcome: simulatedOutcome(message.to), at: sentAt });
      return { messageId: id };
    },
  };
}
