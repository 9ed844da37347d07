// What each catalog entry may touch besides the table (every entry reads and writes it) and the bus
// (every entry may publish). Least privilege by name: an entry absent here gets neither provider
// secrets, nor the token key, nor files. A handler that needs more adds its line here in the same change.
export type ExtraAccess =
  /** Plaid client id and secret (PLAID_SECRET_ARN). */
  | 'plaidSecret'
  /** Wrap a new Plaid access token with a fresh data key (PLAID_TOKEN_KEY_ARN, GenerateDataKey + Decrypt). */
  | 'plaidTokenEncrypt'
  /** Unwrap a stored Plaid access token to call Plaid on the item's behalf (PLAID_TOKEN_KEY_ARN, Decrypt). */
  | 'plaidTokenDecrypt'
  /** Stripe secret key and webhook signing secret (STRIPE_SECRET_ARN). */
  | 'stripeSecret'
  /** Read and write objects of the avatars bucket (AVATARS_BUCKET). */
  | 'avatars'
  /** Send e-mail through SES (EMAIL_FROM, APP_URL for links). */
  | 'email'
  /** Call the coach's Bedrock model, and only that model (COACH_BEDROCK_MODEL_ID). */
  | 'bedrock'
  /** Text a phone number through SNS (two-factor codes). */
  | 'sms'
  /** Admin actions on the user pool's users: groups, disable/enable, sign-out, resend (USER_POOL_ID). */
  | 'userPoolAdmin'
  /** Read one user's state (AdminGetUser), e.g. whether an address awaits its confirmation code. */
  | 'userPoolLookup'
  /** End every sign-in of one user (AdminUserGlobalSignOut): "sign out everywhere". */
  | 'userPoolSignOut'
  /** Re-check a user's password and delete the user (AdminInitiateAuth, AdminDeleteUser): "delete my account". */
  | 'userPoolDelete';

const plaidCaller: ExtraAccess[] = ['plaidSecret', 'plaidTokenDecrypt'];

export const extraAccess: Readonly<Record<string, readonly ExtraAccess[]>> = {
  // Update mode names an item; the server unwraps that item's token (ARCHITECTURE.md trust corrections).
  'plaid-hosted-link': plaidCaller,
  'plaid-link-token': plaidCaller,
  'plaid-exchange-token': ['plaidSecret', 'plaidTokenEncrypt'],
  'smart-plaid-sync': plaidCaller,
  'trigger-full-sync-pipeline': plaidCaller,
  'plaid-transactions-sync': plaidCaller,
  // Removing an account removes its Plaid item (/item/remove).
  accounts: plaidCaller,
  // Plaid webhook verification fetches the signing key with the client credentials.
  'plaid-webhook': ['plaidSecret'],
  'check-subscription': ['stripeSecret'],
  'start-trial': ['stripeSecret'],
  'stripe-webhook': ['stripeSecret'],
  // Checkout and Billing Portal sessions, and the customer they are for.
  billing: ['stripeSecret'],
  avatars: ['avatars'],
  // Uploaded statements wait under the avatars bucket's imports/ prefix (functions/lib/import/file-store.ts).
  'import-statements': ['avatars'],
  // Invitation e-mails (functions/lib/invitation-email.ts).
  'financial-profiles': ['email'],
  // Help & Support's contact form e-mails the support inbox.
  'support-requests': ['email'],
  // Alerts, lifecycle mail, digests and reports, the transaction summary.
  'smart-alert-batching': ['email'],
  'sendgrid-email-automation': ['email'],
  'transaction-summary-email': ['email'],
  'email-inactivity-scan': ['email'],
  'email-weekly-digest': ['email'],
  'email-monthly-report': ['email'],
  // The money coach's model (functions/lib/coach/bedrock-coach.ts).
  coach: ['bedrock'],
  // Two-factor (functions/lib/two-factor.ts): codes by e-mail or text, security notices by e-mail; the
  // authenticator secret is wrapped with the same KMS key as Plaid tokens (setup encrypts, checks decrypt).
  'send-2fa-code-secure': ['email', 'sms'],
  'verify-2fa-code-secure': ['email', 'plaidTokenDecrypt'],
  'two-factor': ['email', 'plaidTokenEncrypt'],
  // The admin area's user actions (grant/revoke admin, disable, revoke sessions); revoking sessions
  // e-mails the person a security notice (functions/lib/security-notice.ts).
  admin: ['userPoolAdmin', 'email'],
  // Resending a sign-up code only to an address that awaits one (functions/send-verification-email).
  'send-verification-email': ['userPoolLookup'],
  // "Sign out everywhere" from /settings, and its security notice e-mail (functions/lib/sessions.ts).
  // "Delete my account" (functions/lib/account-deletion.ts): the password re-check and the user's deletion,
  // its banks removed at Plaid, its subscription cancelled at Stripe, its photo deleted, a fresh 2FA code
  // checked (the authenticator secret is unwrapped with the token key), and the notices.
  profiles: [
    'userPoolSignOut',
    'userPoolDelete',
    'email',
    'plaidSecret',
    'plaidTokenDecrypt',
    'stripeSecret',
    'avatars',
  ],
};

export const accessOf = (name: string): readonly ExtraAccess[] => extraAccess[name] ?? [];
