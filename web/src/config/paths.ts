// Every route of spec §2, once. Routes and links are built from this table only; a route listed here
// but not registered in app/router.tsx is a screen that has not been built yet (docs/web.md).

/** Query parameters that carry an invitation and the invited e-mail between the auth screens. */
export interface AuthQuery {
  invite?: string | null;
  email?: string | null;
  /**
   * Set from account creation through verification to the first sign-in (`new=1`), so accepting an
   * invitation at that sign-in says 'Account created and invitation accepted!' (spec §8).
   */
  newAccount?: boolean | null;
  /** Sign-up found the address signed up before and never confirmed, and sent it a new code (`again=1`). */
  codeSentAgain?: boolean | null;
}

const authParams = ({ invite, email, newAccount, codeSentAgain }: AuthQuery) => ({
  invite,
  email,
  new: newAccount ? '1' : null,
  again: codeSentAgain ? '1' : null,
});

function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const page = (path: string) => ({ path, getHref: () => path });

export const paths = {
  home: page('/'),
  index: page('/index'),

  auth: {
    login: { path: '/login', getHref: (query: AuthQuery = {}) => withQuery('/login', authParams(query)) },
    signup: { path: '/signup', getHref: (query: AuthQuery = {}) => withQuery('/signup', authParams(query)) },
    forgotPassword: page('/forgot-password'),
    resetPassword: page('/reset-password'),
    callback: page('/auth/callback'),
    /** The sign-in's second step for a user with two-factor authentication on. */
    twoFactor: page('/two-factor'),
    verifyEmail: {
      path: '/verify-email',
      getHref: (query: AuthQuery = {}) => withQuery('/verify-email', authParams(query)),
    },
  },

  plans: page('/plans'),
  terms: page('/terms'),
  privacy: page('/privacy'),
  inviteAccept: {
    path: '/invite/accept',
    getHref: (token?: string | null) => withQuery('/invite/accept', { token }),
  },

  app: {
    getStarted: page('/get-started'),
    onboarding: page('/onboarding'),
    accounts: page('/accounts'),
    account: {
      path: '/accounts/:accountId',
      getHref: (accountId: string) => `/accounts/${encodeURIComponent(accountId)}`,
    },
    calendar: page('/calendar'),
    plan: page('/plan'),
    coach: page('/coach'),
    link: page('/link'),
    settings: page('/settings'),
    help: page('/help'),
    profiles: page('/profiles'),
    importExport: page('/import-export'),
  },

  admin: {
    dashboard: page('/admin'),
    users: page('/admin/users'),
    user: {
      path: '/admin/users/:userId',
      getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
    },
    system: page('/admin/system'),
    notifications: page('/admin/notifications'),
    userHealth: page('/admin/user-health'),
    categories: page('/admin/categories'),
    plaidHealth: page('/admin/plaid-health'),
  },

  /** spec §2 redirects: old paths kept working. */
  redirects: {
    moneyPlan: { path: '/money-plan', to: '/calendar' },
    aiCoach: { path: '/ai-coach', to: '/coach' },
    linkAccounts: { path: '/link-accounts', to: '/link' },
  },
} as const;

/**
 * Reads the invitation (spec §2: `token` or `invite` on any page), the e-mail and the new-account
 * marker from a query string. Empty values count as absent.
 */
export function readAuthQuery(search: URLSearchParams): {
  invite: string | null;
  email: string | null;
  newAccount: boolean;
} {
  return {
    invite: search.get('invite') || search.get('token') || null,
    email: search.get('email') || null,
    newAccount: search.get('new') === '1',
  };
}

/** Whether sign-up sent a new code to an address that had signed up before (AuthQuery.codeSentAgain). */
export const readCodeSentAgain = (search: URLSearchParams): boolean => search.get('again') === '1';
