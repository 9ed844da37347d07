// spec §8 "Account connection toasts" and the balance-forecast toasts that follow a balance refresh:
// the exact wording, in one place, for the SPA's connect flow, /link, /accounts and account detail.

/** spec §8 Account connection toasts: failures. */
export const connectionFailures = {
  linkToken: 'Failed to create account connection link. Please try again.',
  reconnectLinkToken: 'Failed to create reconnection link. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  invalidRedirect: 'Account connection failed: Invalid redirect configuration. Please contact support.',
  initialize: 'Failed to initialize account linking. Please try again.',
  linkExit: 'Connection failed. Please try again.',
  exchange: 'Backend processing failed, but your accounts may still be connected. Please refresh the page.',
} as const;

/** spec §8: "N account(s)", as the spec writes it. */
const accountsCount = (count: number) => `${count} account(s)`;

/** spec §8 Account connection toasts: success and information. */
export const connectionToasts = {
  connectedSyncInBackground: (count: number) =>
    `Successfully connected ${accountsCount(count)}. Initial sync will happen in the background.`,
  connectedSettingUp: (count: number) =>
    `Connected ${accountsCount(count)}! Setting up your transaction history...`,
  connectedSuccessfully: 'Accounts Connected Successfully!',
  reconnected: 'Account reconnected successfully! Your data will sync shortly.',
  refreshing: 'Refreshing your data...',
  mayAppearShortly: 'If you completed the connection, your accounts should appear shortly.',
} as const;

/** spec §8 balance forecast toasts (a balance refresh feeds the forecast). */
export const balanceForecastToasts = {
  updating: 'Updating balance forecast...',
  updated: 'Balance forecast updated',
  failed: 'Failed to update balance forecast',
  updatedMany: (count: number) => `Updated balance forecasts for ${count} accounts`,
  failedMany: (count: number) => `Failed to update ${count} account balance forecasts`,
  fetchAccountsFailed: 'Failed to fetch accounts for balance refresh',
} as const;

/** spec §2 Get-started page and Connect card wording. */
export const setupWording = {
  headline: "Let's get you set up in 60 seconds",
  benefits: ['Smart Money Insights', 'Save Hours Every Week', 'Bank-Level Security'],
  trustBadges: ['256-bit encryption', 'Read-only access', 'Never store passwords'],
  later: "I'll do this later — take me to my Money Calendar",
  stillPreparing: 'Still preparing your account... This usually takes less than a minute.',
  connectTitle: 'Connect Your Accounts',
  reconnectTitle: 'Reconnect Your Account',
  mobileConnectTitle: 'Connect Your Bank Account',
  mobileReconnectTitle: 'Reconnect Your Bank Account',
  banksSupported: '11,000+ Banks Supported',
  realtimeUpdates: 'Real-time Updates',
  success: 'Success! Finishing setup...',
  refreshOverlay: 'Refreshing your financial data...',
} as const;

/** spec §4 Initial-setup readiness: its error messages. */
export const setupErrors = {
  timeout: 'Profile setup is taking longer than expected',
  check: 'Failed to check profile status',
  unexpected: 'Unexpected error during setup',
} as const;
