import { SESClient, SendEmailCommand, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxEmailSender, sesEmailSender, simulatedOutcome, type EmailMessage } from './email.ts';

const ses = mockClient(SESClient);
afterEach(() => ses.reset());

const message: EmailMessage = {
  to: 'ann@example.com',
  subject: 'You are invited',
  text: 'Join us',
  html: '<p>Join us</p>',
  kind: 'profile_invitation',
};

describe('SES e-mail sender', () => {
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

describe('SES e-mail sender with headers (RFC 8058 one-click unsubscribe)', () => {
  it('sends raw MIME carrying the headers, in the configuration set', async () => {
    ses.on(SendRawEmailCommand).resolves({ MessageId: 'm-2' });
    const headers = {
      'List-Unsubscribe': '<https://api.example.com/email/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const result = await sesEmailSender(
      new SESClient({ region: 'us-east-1' }),
      'no-reply@example.com',
      'mail-events',
    ).send({ ...message, subject: 'Dein Überblick', headers });
    expect(result).toEqual({ messageId: 'm-2' });
    const input = ses.commandCalls(SendRawEmailCommand)[0]?.args[0].input;
    expect(input).toMatchObject({ ConfigurationSetName: 'mail-events', Destinations: ['ann@example.com'] });
    const raw = Buffer.from(input?.RawMessage?.Data ?? new Uint8Array()).toString('utf8');
    expect(raw).toContain('List-Unsubscribe: <https://api.example.com/email/unsubscribe?token=abc>\r\n');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    expect(raw).toContain(`Subject: =?UTF-8?B?${Buffer.from('Dein Überblick').toString('base64')}?=`);
    expect(raw).toContain('Content-Type: multipart/alternative');
  });

  it('refuses a header with a line break', async () => {
    await expect(
      sesEmailSender(new SESClient({ region: 'us-east-1' }), 'no-reply@example.com').send({
        ...message,
        headers: { 'List-Unsubscribe': '<x>\r\nBcc: evil@example.com' },
      }),
    ).rejects.toThrow(/line break/);
  });
});

describe('the local mailbox simulator', () => {
  it("bounces and complains like SES's simulator addresses, and for +bounce / +complaint tags", () => {
    expect(simulatedOutcome('bounce@simulator.amazonses.com')).toBe('Bounce');
    expect(simulatedOutcome('ann+bounce@example.com')).toBe('Bounce');
    expect(simulatedOutcome('complaint@simulator.amazonses.com')).toBe('Complaint');
    expect(simulatedOutcome('ann@example.com')).toBe('Delivery');
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
