// The invitation e-mail: plain text and simple HTML with the accept link. Every value put into the
// HTML is escaped; the subject (a mail header) carries user text only with control characters taken
// out, so no stored name can add a header line, and at most 150 characters.
import { PRODUCT_NAME } from '../../domain/brand.ts';
import { withoutControlCharacters } from '../../domain/text.ts';
import type { EmailMessage } from './ports/email.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function invitationEmail(input: {
  to: string;
  inviterName: string;
  profileName: string;
  role: 'viewer' | 'editor';
  inviteUrl: string;
  expiresAt: string;
}): EmailMessage {
  const what = input.role === 'editor' ? 'view and edit' : 'view';
  const until = input.expiresAt.slice(0, 10);
  const subject = withoutControlCharacters(
    `${input.inviterName} invited you to the "${input.profileName}" financial profile`,
  ).slice(0, 150);
  const text = [
    `${input.inviterName} invited you to ${what} the "${input.profileName}" financial profile on ${PRODUCT_NAME}.`,
    '',
    `Accept the invitation: ${input.inviteUrl}`,
    '',
    `The link works once and expires on ${until}. If you did not expect this e-mail, ignore it.`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(input.inviterName)} invited you to ${what} the <strong>${escapeHtml(input.profileName)}</strong> financial profile on ${PRODUCT_NAME}.</p>
<p><a href="${escapeHtml(input.inviteUrl)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">Accept invitation</a></p>
<p style="color:#555">The link works once and expires on ${until}. If you did not expect this e-mail, ignore it.</p>
</body></html>`;
  return { to: input.to, subject, text, html, kind: 'profile_invitation' };
}
