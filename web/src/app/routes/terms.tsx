// /terms (spec §2 'Terms & Policies').
import { LegalLayout, type LegalSection } from '../../components/layouts/legal-layout.tsx';
import { APP_NAME } from '../../config/brand.ts';

const sections: readonly LegalSection[] = [
  {
    heading: '1. Who we are and what these terms cover',
    body: [
      `These terms are an agreement between you and ${APP_NAME} for your use of the ${APP_NAME} website and app (the "service"). By creating an account or using the service you accept them. If you do not accept them, do not use the service.`,
    ],
  },
  {
    heading: '2. What the service does',
    body: [
      `${APP_NAME} shows your linked bank, credit card, loan and investment accounts in one place, a Money Calendar of your transactions, a Money Plan of expected income and bills, forecast balances up to two years ahead, and an AI money coach.`,
      'Forecasts, plans and coach answers are estimates produced from your data. They are information, not financial, tax, legal or investment advice. Check important decisions with a qualified professional.',
    ],
  },
  {
    heading: '3. Your account',
    body: [
      'You must be at least 18 years old and give accurate information. Keep your password secret and turn on two-factor authentication where offered. You are responsible for what happens under your account.',
      'You may share a financial profile with people you invite, as viewers or editors. You decide who is invited and may remove them at any time; they see the data of that profile while they are members.',
    ],
  },
  {
    heading: '4. Linking your accounts',
    body: [
      'Accounts are linked through a third-party bank-data provider. You authorise us and that provider to retrieve your account, balance and transaction data on your behalf, read-only. We never see or store your bank password and we cannot move money.',
      'Data from banks may be delayed, incomplete or wrong. Your bank statement is the authoritative record.',
    ],
  },
  {
    heading: '5. Trial, subscription and cancellation',
    body: [
      'New subscribers get a 7-day free trial with full access. Unless you cancel before it ends, the subscription you chose starts and is billed in advance for each period until you cancel.',
      'You can cancel at any time; access continues to the end of the period you paid for. If a payment fails we keep your access for a short grace period while you update your card.',
    ],
  },
  {
    heading: '6. Acceptable use',
    body: [
      'Do not misuse the service: no access to other people’s data without permission, no attempts to break or overload it, no automated scraping, and no unlawful use.',
    ],
  },
  {
    heading: '7. Availability and changes',
    body: [
      'We work to keep the service available and secure but cannot promise it will be uninterrupted. We may change features; if a change materially reduces what you pay for, we will tell you in advance.',
    ],
  },
  {
    heading: '8. Liability',
    body: [
      `To the extent the law allows, ${APP_NAME} is not liable for indirect or consequential losses, or for decisions you make based on forecasts, plans or coach answers. Our total liability is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits rights you have under consumer law.`,
    ],
  },
  {
    heading: '9. Ending the agreement',
    body: [
      'You can close your account at any time from Settings. We may suspend or close accounts that break these terms. When an account closes we delete its data as described in the privacy policy.',
    ],
  },
  {
    heading: '10. Changes to these terms',
    body: [
      'We may update these terms. We will show the date of the latest version at the top and tell you in the app about significant changes before they apply.',
    ],
  },
];

export default function TermsRoute() {
  return (
    <LegalLayout
      title="Terms & Policies"
      updated="1 November 2026"
      intro={`Plain-language terms for using ${APP_NAME}. Please read them; they explain what you can expect from us and what we expect from you.`}
      sections={sections}
    />
  );
}
