import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxEmailSender } from './email.ts';
import { outboxSmsSender, snsSmsSender } from './sms.ts';

const sns = mockClient(SNSClient);
afterEach(() => sns.reset());

describe('SMS port', () => {
  it('publishes a transactional text to the phone number through SNS', async () => {
    sns.on(PublishCommand).resolves({ MessageId: 'm-1' });
    const sent = await snsSmsSender(new SNSClient({}), 'Tallywise').send({
      to: '+14155550123',
      text: 'Your code is 123456',
      kind: 'two_factor_code',
    });
    expect(sent.messageId).toBe('m-1');
    const input = sns.commandCalls(PublishCommand)[0]?.args[0].input;
    expect(input?.PhoneNumber).toBe('+14155550123');
    expect(input?.Message).toBe('Your code is 123456');
    expect(input?.MessageAttributes?.['AWS.SNS.SMS.SMSType']?.StringValue).toBe('Transactional');
  });

  it('locally writes the text to the outbox, addressed to the phone number', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sms-outbox-'));
    try {
      await outboxSmsSender(outboxEmailSender(dir, 'x <x@localhost>')).send({
        to: '+14155550123',
        text: 'Your code is 654321',
        kind: 'two_factor_code',
      });
      const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
      expect(files).toHaveLength(1);
      const message = JSON.parse(readFileSync(join(dir, files[0] as string), 'utf8')) as Record<
        string,
        string
      >;
      expect(message).toMatchObject({
        to: '+14155550123',
        text: 'Your code is 654321',
        kind: 'two_factor_code',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
