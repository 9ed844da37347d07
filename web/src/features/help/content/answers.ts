// Help & Support's answers (docs/help.md says how they are kept): the questions people
// ask of an app like this, in plain words, each with a stable id (the #anchor a link or an e-mail can
// point to), a topic, and extra words people search with.
import type { SupportTopic } from '@domain/support-topics.ts';

export interface HelpAnswer {
  readonly id: string;
  readonly topic: SupportTopic;
  readonly question: string;
  /** Paragraphs. */
  readonly answer: readonly string[];
  /** Words people use that the text may not: "plaid", "refresh", "cancel"… */
  readonly keywords: readonly string[];
}

export const HELP_ANSWERS: readonly HelpAnswer[] = [
  {
    id: 'link-a-bank',
    topic: 'linking',
    question: 'How do I connect my bank, card, loan or investment account?',
    answer: [
      'Open Link Accounts and choose Connect accounts. A secure window from our banking partner (Plaid) asks you to pick your bank and sign in there. We never see or store your bank password.',
      'When you finish, your accounts appear under Accounts at once; their history follows in the background.',
    ],
    keywords: ['plaid', 'add account', 'connect', 'credit card', 'mortgage', 'student loan', '401k'],
  },
  {
    id: 'bank-not-listed',
    topic: 'linking',
    question: 'My bank is not in the list, or connecting fails.',
    answer: [
      'Search by the name on your statement (for example the credit union’s full name). If the connection fails, try again in a few minutes: banks sometimes pause access for maintenance.',
      'If it keeps failing, send us a message below with the bank’s name; include diagnostics so we can find the failed attempt.',
    ],
    keywords: ['error', 'failed', 'institution', 'not found', 'mfa', 'security question'],
  },
  {
    id: 'reconnect',
    topic: 'linking',
    question: 'An account says it needs to be reconnected.',
    answer: [
      'Banks ask you to sign in again from time to time, or after you change your password. Open the account and choose Reconnect; nothing you planned is lost.',
    ],
    keywords: ['login required', 're-login', 'expired', 'update credentials', 'item login'],
  },
  {
    id: 'sync-delay',
    topic: 'sync',
    question: 'Why is a transaction missing, or my balance out of date?',
    answer: [
      'New transactions usually arrive within a few hours of reaching your bank; large banks can take up to a day. Pending transactions may change or disappear when they post.',
      'Your first connection brings up to two years of history; large banks may take 2–3 minutes, and the account is usable meanwhile. Use Refresh on Accounts to ask for the latest now.',
    ],
    keywords: ['refresh', 'pending', 'late', 'missing', 'not updating', 'balance wrong', 'sync'],
  },
  {
    id: 'balance-check',
    topic: 'sync',
    question: 'An account shows a note that its balance and transactions disagree.',
    answer: [
      'After each sync we check that the bank’s balance matches its transactions. A difference usually means the bank adjusted the balance without a transaction, or some history is still arriving. Refresh transactions; if the note stays, tell us below.',
    ],
    keywords: ['mismatch', 'discrepancy', 'balance check', 'wrong balance'],
  },
  {
    id: 'forecast-how',
    topic: 'forecast',
    question: 'How is my balance forecast worked out?',
    answer: [
      'We start from today’s balance and add everything in your Money Plan — paychecks, bills, subscriptions, anything you added — on the days they are due, for two years ahead. We also allow for everyday spending (groceries, fuel, eating out) from your own recent history, unless you switch that off in Forecast settings.',
      'The shaded band is the likely range: where the balance has landed in similar stretches of your own history.',
    ],
    keywords: ['prediction', 'projected', 'future balance', 'likely range', 'band', 'allowance'],
  },
  {
    id: 'cash-vs-net-worth',
    topic: 'forecast',
    question: 'What is the difference between Cash, an account and Net worth on the calendar?',
    answer: [
      'Cash adds up your checking and savings: the money you can spend, and the only view where low and negative days are marked. Choosing a card or loan shows what you owe on it. Net worth is cash and investments minus everything you owe.',
    ],
    keywords: ['view', 'picker', 'owed', 'debt', 'negative', 'mortgage'],
  },
  {
    id: 'plan-wrong',
    topic: 'forecast',
    question: 'The plan found something wrong, or missed a bill.',
    answer: [
      'Open Money Plan: edit or remove anything that is wrong, and add what is missing with Add planned item. Your changes are kept when the plan is generated again.',
    ],
    keywords: ['recurring', 'detected', 'subscription', 'income', 'edit', 'delete', 'generate'],
  },
  {
    id: 'coach-numbers',
    topic: 'forecast',
    question: 'Where does the AI Money Coach get its numbers?',
    answer: [
      'Only from your own accounts, plan and forecast. Every amount and date in an answer is checked against the figures it looked up; if one cannot be matched, the answer is marked “Unverified figures”. Open “How I worked this out” to see the figures behind an answer.',
    ],
    keywords: ['ai', 'coach', 'chat', 'accurate', 'verified'],
  },
  {
    id: 'share-profile',
    topic: 'sharing',
    question: 'How do I share my finances with a partner or advisor?',
    answer: [
      'On Profiles, invite them by e-mail as a viewer (can look) or an editor (can also change the plan). Only you, the owner, manage members, accounts and the profile itself. You can remove someone at any time.',
    ],
    keywords: ['invite', 'partner', 'spouse', 'family', 'viewer', 'editor', 'member'],
  },
  {
    id: 'invitation-missing',
    topic: 'sharing',
    question: 'The person I invited did not get the invitation.',
    answer: [
      'Ask them to check spam and promotions folders. Invitations expire after a while; you can send a new one from Profiles.',
    ],
    keywords: ['invite', 'email', 'not received', 'expired'],
  },
  {
    id: 'trial-and-plans',
    topic: 'billing',
    question: 'How does the free trial work, and how do I cancel?',
    answer: [
      'You get 7 days of full access. If you subscribe, you can cancel at any time from billing and keep access until the end of the period you paid for.',
    ],
    keywords: ['subscription', 'price', 'cancel', 'refund', 'plans', 'payment'],
  },
  {
    id: 'security',
    topic: 'security',
    question: 'Is my data safe?',
    answer: [
      'Your bank connection is read-only: nothing here can move money. Bank passwords are never seen or stored by us. Bank access tokens are encrypted and never reach your browser; data travels over 256-bit encrypted connections.',
    ],
    keywords: ['secure', 'encryption', 'privacy', 'password', 'read-only', 'hack'],
  },
  {
    id: 'two-factor',
    topic: 'security',
    question: 'Can I protect my account with two-factor authentication?',
    answer: [
      'Yes. In Settings, under Security, choose Set up an authenticator app, Use e-mail codes or Use text messages, enter the code you get, and keep the 10 recovery codes somewhere safe: each works once if you lose your phone.',
      'From then on every sign-in asks for a code, except on a browser where you ticked “Trust this device for 30 days”. Settings lists your trusted devices; remove one to make it ask again. To turn it off, choose Turn off two-factor authentication and enter a fresh code.',
    ],
    keywords: ['2fa', 'mfa', 'authenticator', 'code', 'otp'],
  },
  {
    id: 'unlink-account',
    topic: 'data',
    question: 'How do I remove an account?',
    answer: [
      'Open the account and choose Remove. Its transactions are deleted from our records and the bank connection is closed when it was the last account of that bank.',
    ],
    keywords: ['delete account', 'unlink', 'disconnect', 'remove bank'],
  },
  {
    id: 'delete-my-data',
    topic: 'data',
    question: 'How do I delete everything?',
    answer: [
      'Open Settings and, in the Danger zone at the bottom, choose Delete my account. Enter your password (and a code if two-factor authentication is on) and type DELETE. Your subscription is cancelled, your banks are disconnected, and your account and everything in it are deleted; we confirm by e-mail.',
      'Shared profiles you own are deleted with it, and the people you shared them with are told by e-mail; their own profiles are untouched.',
    ],
    keywords: ['gdpr', 'ccpa', 'erase', 'close account', 'privacy', 'danger zone', 'delete account'],
  },
];
