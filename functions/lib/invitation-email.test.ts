import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from '../../domain/text.ts';
import { invitationEmail } from './invitation-email.ts';

const base = {
  to: 'vera@example.com',
  role: 'viewer' as const,
  inviteUrl: 'http://127.0.0.1:5173/invite/accept?token=t',
  expiresAt: '2026-12-01T00:00:00.000Z',
};

describe('invitationEmail', () => {
  it('never lets a name add a header line to the subject, and escapes it in the HTML', () => {
    const message = invitationEmail({
      ...base,
      inviterName: 'Ada\r\nBcc: all@example.com',
      profileName: 'Home <b>\n',
    });
    expect(hasControlCharacters(message.subject)).toBe(false);
    expect(message.subject).toBe(
      'Ada  Bcc: all@example.com invited you to the "Home <b> " financial profile',
    );
    expect(message.html).toContain('Home &lt;b&gt;');
  });

  it('keeps the subject to 150 characters', () => {
    const message = invitationEmail({ ...base, inviterName: 'A'.repeat(300), profileName: 'Home' });
    expect(message.subject.length).toBe(150);
  });
});
