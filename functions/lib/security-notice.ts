// The notice e-mail every security change sends (two-factor on or off, sessions ended; spec §4).
import type { Deps } from './deps.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The security-change notice e-mail (2FA on or off, sessions ended); a failure to send is logged, not thrown. */
export async function sendSecurityNotice(
  deps: Pick<Deps, 'email' | 'logger'>,
  to: string | null,
  subject: string,
  line: string,
  footer = 'If this was not you, change your password and contact support.',
) {
  if (!to) return;
  try {
    await deps.email.send({
      to,
      subject,
      text: `${line}\n\n${footer}`,
      html: `<p>${escapeHtml(line)}</p><p>${escapeHtml(footer)}</p>`,
      kind: 'security_notice',
    });
  } catch (error) {
    deps.logger.warn('security notice not sent', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
