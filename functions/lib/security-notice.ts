// The notice e-mail every security change sends (two-factor on or off, sessions ended): issue 15.
import type { Deps } from './deps.ts';

/** The security-change notice e-mail (2FA on or off, sessions ended); a failure to send is logged, not thrown. */
export async function sendSecurityNotice(
  deps: Pick<Deps, 'email' | 'logger'>,
  to: string | null,
  subject: string,
  line: string,
) {
  if (!to) return;
  try {
    await deps.email.send({
      to,
      subject,
      text: `${line}\n\nIf this was not you, change your password and contact support.`,
      html: `<p>${line}</p><p>If this was not you, change your password and contact support.</p>`,
      kind: 'security_notice',
    });
  } catch (error) {
    deps.logger.warn('security notice not sent', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
