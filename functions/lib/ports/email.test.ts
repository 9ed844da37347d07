import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxEmailSender, sesEmailSender, type EmailMessage } from './email.ts';

const message: EmailMessage = {
  to: 'ann@example.com',
  subject: 'You are invited',
  text: 'Join us',
  html: '<p>Join us</p>',
  kind: 'profile_invitation',
};

describe('SES e-mail sender', () => {
  const ses = mockClient(SESClient);
  afterEach(() => ses.reset());

  it('sends text and HTML from the configured address, tagged with the kind', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });

    const result = await sesEmailSender(new SESClient({ region: 'us-east-1' }), 'no-reply@example.com').send(
      message,
    );

    expect(result).toEqual({ messageId: 'm-1' });
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      Source: 'no-reply@example.com',
      Destination: { ToAddresses: ['ann@example.com'] },
      Message: { Subject: { Data: 'You are invited' }, Body: { Html: { Data: '<p>Join us</p>' } } },
      Tags: [{ Name: 'kind', Value: 'profile_invitation' }],
    });
  });
});

describe('outbox e-mail sender', () => {
  it('writes one JSON file per message with the whole message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      const sender = outboxEmailSender(dir, 'no-reply@localhost', () => new Date('2026-11-22T10:00:00Z'));
      const { messageId } = await sender.send(message);

      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      const stored = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8'));
      expect(stored).toMatchObject({
        ...message,
        id: messageId,
        from: 'no-reply@localhost',
        sentAt: '2026-11-22T10:00:00.000Z',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
