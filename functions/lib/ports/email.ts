// The e-mail port: SES in the cloud, the local outbox (one JSON file per message under
// .data/outbox, listed by the local gateway at /__outbox) on this machine. Callers never know which.
import type { SESClient } from '@aws-sdk/client-ses';
import { SendEmailCommand } from '@aws-sdk/client-ses';
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
}

export interface EmailSender {
  send(message: EmailMessage): Promise<{ messageId: string }>;
}

export function sesEmailSender(client: SESClient, from: string): EmailSender {
  return {
    async send(message) {
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
          Tags: [{ Name: 'kind', Value: message.kind }],
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

export function outboxEmailSender(
  directory: string,
  from: string,
  clock: () => Date = () => new Date(),
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
      return { messageId: id };
    },
  };
}
