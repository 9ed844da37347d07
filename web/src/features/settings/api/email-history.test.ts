import { describe, expect, it } from 'vitest';
import { emailStatusLabel } from './email-history.ts';

describe('emailStatusLabel', () => {
  it('names each delivery state in words', () => {
    const labels = ['queued', 'sent', 'delivered', 'opened', 'clicked', 'bounced', 'failed'].map((status) =>
      emailStatusLabel({ status }),
    );
    expect(labels).toEqual([
      'Sending',
      'Sent',
      'Delivered',
      'Opened',
      'Opened',
      'Could not be delivered',
      'Not sent',
    ]);
  });
});
