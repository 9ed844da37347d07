// Sending the product's non-essential e-mail: one path for every lifecycle event,
// digest, report, alert and summary. It reads the person's e-mail preferences (and a bounce or
// complaint suppression), claims the occasion once where the mail is once-only, renders the template,
// adds RFC 8058 one-click unsubscribe headers with a fresh token, sends through the e-mail port and
// records the send in email_sends (spec §3) with its campaign and template (spec §3 email_campaigns,
// email_campaign_templates). Spec §8: failures are logged and answered as {success: false}, never thrown
// at the event that caused the mail.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { NotFoundError } from '../../../domain/errors.ts';
import { mayEmail, type EmailKind, type EmailPreferenceState } from '../../../domain/email-events.ts';
import { tally } from '../admin/tally.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { renderEmail, type EmailContent } from './layout.tsx';
import type { Links } from './templates.ts';

/** Unsubscribe links keep working for a year (mail is read late; RFC 8058 asks for a lasting URI). */
export const UNSUBSCRIBE_TOKEN_DAYS = 365;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export async function emailPreferencesOf(data: Data, userId: string) {
  const { data: stored } = await data.emailPreferences.get({ user_id: userId }).go();
  return {
    user_id: userId,
    marketing_emails: stored?.marketing_emails ?? true,
    onboarding_emails: stored?.onboarding_emails ?? true,
    weekly_digest: stored?.weekly_digest ?? true,
    monthly_report: stored?.monthly_report ?? true,
    ai_insights: stored?.ai_insights ?? true,
    transaction_summary: stored?.transaction_summary ?? false,
    unsubscribed_at: stored?.unsubscribed_at ?? null,
    suppressed_at: stored?.suppressed_at ?? null,
    suppression_reason: stored?.suppression_reason ?? null,
    updated_at: stored?.updated_at ?? null,
  } satisfies EmailPreferenceState & Record<string, unknown>;
}

/** spec §7: "unsubscribe sets all flags false" (and records when). */
export async function unsubscribeAll(data: Data, userId: string, now: Date) {
  await data.emailPreferences
    .upsert({
      user_id: userId,
      marketing_emails: false,
      onboarding_emails: false,
      weekly_digest: false,
      monthly_report: false,
      ai_insights: false,
      transaction_summary: false,
      unsubscribed_at: now.toISOString(),
    })
    .go();
  return emailPreferencesOf(data, userId);
}

export async function createUnsubscribeToken(data: Data, userId: string, sendId: string, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + UNSUBSCRIBE_TOKEN_DAYS * 86_400_000);
  await data.unsubscribeTokens
    .create({
      token_hash: hashToken(token),
      user_id: userId,
      email_send_id: sendId,
      expires_at: expires.toISOString(),
      ttl: Math.floor(expires.getTime() / 1000),
    })
    .go();
  return token;
}

/** The owner of a live token; a forged, unknown or expired one is "not found". */
export async function tokenOwner(data: Data, token: string, now: Date): Promise<string> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new NotFoundError('Unsubscribe link not found');
  const { data: stored } = await data.unsubscribeTokens.get({ token_hash: hashToken(token) }).go();
  // DynamoDB Local never deletes expired items (TOOLING-NOTES): check the expiry here too.
  if (!stored || stored.expires_at <= now.toISOString())
    throw new NotFoundError('Unsubscribe link not found');
  return stored.user_id;
}

export const unsubscribeUrl = (apiUrl: string, token: string) =>
  `${apiUrl}/email/unsubscribe?token=${encodeURIComponent(token)}`;

/** spec §3 email_campaigns: one campaign per kind of mail, with its type. */
const CAMPAIGNS: Readonly<Record<EmailKind, { name: string; campaign_type: string }>> = {
  user_signup: { name: 'Welcome', campaign_type: 'onboarding' },
  account_linked: { name: 'First account connected', campaign_type: 'onboarding' },
  money_plan_created: { name: 'Money Plan ready', campaign_type: 'onboarding' },
  ai_coach_used: { name: 'Coach follow-up', campaign_type: 'ai_insights' },
  inactive_7_days: { name: 'Re-engagement, 7 days', campaign_type: 're_engagement' },
  inactive_30_days: { name: 'Re-engagement, 30 days', campaign_type: 're_engagement' },
  weekly_digest: { name: 'Weekly digest', campaign_type: 'digest' },
  monthly_report: { name: 'Monthly report', campaign_type: 'digest' },
  transaction_summary: { name: 'Transaction summary', campaign_type: 'transactional' },
  alert: { name: 'Alert', campaign_type: 'alert' },
  alert_digest: { name: 'Alert batch', campaign_type: 'alert' },
};

export const TEMPLATE_VERSION = 'v1';
export const templateIdOf = (kind: EmailKind) => `${kind}-${TEMPLATE_VERSION}`;

const ensured = new WeakMap<Data, Set<string>>();

/** Puts the kind's campaign and template records once per process (idempotent puts). */
async function ensureCampaign(data: Data, kind: EmailKind, subject: string): Promise<void> {
  const done = ensured.get(data) ?? new Set<string>();
  ensured.set(data, done);
  if (done.has(kind)) return;
  const campaign = CAMPAIGNS[kind];
  await Promise.all([
    data.emailCampaigns.upsert({ id: kind, name: campaign.name, campaign_type: campaign.campaign_type }).go(),
    data.emailCampaignTemplates
      .upsert({
        id: templateIdOf(kind),
        campaign_id: kind,
        name: `${campaign.name} (${TEMPLATE_VERSION})`,
        template_type: 'react-email',
        // The subject line pattern; sent subjects may carry the person's figures.
        subject_line: subject,
      })
      .go(),
  ]);
  done.add(kind);
}

export interface ProductEmail {
  readonly userId: string;
  readonly kind: EmailKind;
  /** Once-only mail names its occasion: a second send for the same key is skipped. */
  readonly once?: string | undefined;
  readonly content: (links: Links) => EmailContent | Promise<EmailContent>;
  /** Figures the mail carried (the digest's low), kept on the email_sends row. */
  readonly metadata?: Record<string, unknown> | undefined;
}

export type SendResult =
  | { success: true; status: 'sent'; email_send_id: string; message_id: string }
  | { success: true; status: 'skipped'; reason: string }
  | { success: false; status: 'failed'; error: string; email_send_id?: string };

const isConditionFailure = (error: unknown) => error instanceof Error && /conditional/i.test(error.message);

/** Claims `key` for the user once; false when it was claimed before. */
export async function claimOnce(data: Data, userId: string, key: string): Promise<boolean> {
  try {
    await data.userClaims.create({ user_id: userId, key }).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function sendProductEmail(deps: Deps, data: Data, email: ProductEmail): Promise<SendResult> {
  const log = deps.logger.child({ emailKind: email.kind, userId: email.userId });
  try {
    const { data: person } = await data.profiles.get({ id: email.userId }).go();
    if (!person?.email) return { success: true, status: 'skipped', reason: 'no address' };
    const decision = mayEmail(email.kind, await emailPreferencesOf(data, email.userId));
    if (!decision.send) return { success: true, status: 'skipped', reason: decision.reason };
    if (email.once && !(await claimOnce(data, email.userId, `email:${email.once}`)))
      return { success: true, status: 'skipped', reason: 'already sent' };

    const now = deps.clock();
    const id = randomUUID();
    const token = await createUnsubscribeToken(data, email.userId, id, now);
    const links: Links = {
      app: deps.appUrl,
      manage: `${deps.appUrl}/settings#notifications`,
      unsubscribe: unsubscribeUrl(deps.apiUrl, token),
    };
    const content = await email.content(links);
    const rendered = await renderEmail(content);
    await ensureCampaign(data, email.kind, rendered.subject);
    const record = {
      id,
      user_id: email.userId,
      to_email: person.email,
      subject: rendered.subject,
      kind: email.kind,
      campaign: CAMPAIGNS[email.kind].name,
      campaign_id: email.kind,
      template_id: templateIdOf(email.kind),
      sent_at: now.toISOString(),
      ...(email.metadata ? { metadata: email.metadata } : {}),
    };
    // The admin figures' e-mails of the day it was sent (functions/lib/admin/tally.ts).
    const sendSubject = { kind: 'email', userId: email.userId, sentAt: record.sent_at, id } as const;
    try {
      const { messageId } = await deps.email.send({
        to: person.email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        kind: email.kind,
        headers: {
          // RFC 8058 one-click unsubscribe: a mail client POSTs "List-Unsubscribe=One-Click" to the URI.
          'List-Unsubscribe': `<${links.unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await data.emailSends.create({ ...record, status: 'sent', provider_message_id: messageId }).go();
      await tally(data, sendSubject, now, log);
      log.info('email sent', { emailSendId: id });
      return { success: true, status: 'sent', email_send_id: id, message_id: messageId };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await data.emailSends.create({ ...record, status: 'failed', error: message.slice(0, 500) }).go();
      await tally(data, sendSubject, now, log);
      log.error('email send failed', { emailSendId: id, error: message });
      return { success: false, status: 'failed', error: 'E-mail could not be sent', email_send_id: id };
    }
  } catch (error) {
    log.error('email automation failed', { error: error instanceof Error ? error.message : String(error) });
    return { success: false, status: 'failed', error: 'E-mail could not be sent' };
  }
}
