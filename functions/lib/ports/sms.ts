// The SMS port (two-factor codes by text): SNS in the cloud (a direct publish to the
// phone number, transactional), the local outbox on this machine (the message lands beside the e-mails
// under .data/outbox, kind "sms", so tests and a developer read the code there).
import { PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import type { EmailSender } from './email.ts';

export interface SmsMessage {
  /** E.164. */
  to: string;
  text: string;
  kind: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

export function snsSmsSender(client: SNSClient, senderId: string): SmsSender {
  return {
    async send(message) {
      const result = await client.send(
        new PublishCommand({
          PhoneNumber: message.to,
          Message: message.text,
          MessageAttributes: {
            'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
            'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: senderId.slice(0, 11) },
          },
        }),
      );
      return { messageId: result.MessageId ?? 'unknown' };
    },
  };
}

/** Locally: texts go to the e-mail outbox, addressed to the phone number. */
export function outboxSmsSender(outbox: EmailSender): SmsSender {
  return {
    send: (message) =>
      outbox.send({
        to: message.to,
        subject: `SMS to ${message.to}`,
        text: message.text,
        html: '',
        kind: message.kind,
      }),
  };
}
