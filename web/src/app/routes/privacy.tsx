// /privacy (spec §2).
import { LegalLayout, type LegalSection } from '../../components/layouts/legal-layout.tsx';
import { APP_NAME } from '../../config/brand.ts';

const sections: readonly LegalSection[] = [
  {
    heading: 'What we collect',
    body: [
      'Account details: your email address, name, password (stored only as a salted hash by our identity provider), and your profile preferences such as theme, avatar and privacy mode.',
      'Financial data you choose to link: account names, types, balances, and transactions retrieved read-only through our bank-data provider. We never receive your bank login credentials.',
      'Answers to the optional sign-up questionnaire, how you use the app (pages visited, features used), and technical data such as device type and error reports with a correlation id.',
    ],
  },
  {
    heading: 'How we use it',
    body: [
      'To show your accounts, calendar, plan and forecasts; to answer your questions in the money coach; to keep the service secure; to send the emails you asked for (you can turn off marketing, digests and reports in Settings); and to improve the product.',
      'We do not sell your personal data and we do not use your financial data for advertising.',
    ],
  },
  {
    heading: 'Who we share it with',
    body: [
      'People you invite to a shared financial profile see that profile’s data. Service providers that run parts of the service for us (cloud hosting, bank-data aggregation, payments, email delivery, AI model hosting) process data only on our instructions. We disclose data to authorities only when the law requires it.',
    ],
  },
  {
    heading: 'How we protect it',
    body: [
      'Data is encrypted in transit and at rest, bank access tokens are encrypted with dedicated keys, access is read-only, and every request is checked against your role on the profile it concerns. Two-factor authentication is available for your account.',
    ],
  },
  {
    heading: 'How long we keep it',
    body: [
      'We keep your data while your account is open. When you close it, we delete your profile, linked accounts and transactions within 30 days, except records we must keep by law (such as billing records).',
    ],
  },
  {
    heading: 'Your choices and rights',
    body: [
      'You can see and correct your profile in Settings, unlink any bank, export or delete your data, and turn on privacy mode to keep your name and photo out of view. Depending on where you live you may have further rights, such as to object to processing or to complain to a data protection authority.',
    ],
  },
  {
    heading: 'Cookies and local storage',
    body: [
      'We use your browser’s local storage for your session, your theme and your active profile. Analytics run only on the public pages and the first setup screen.',
    ],
  },
  {
    heading: 'Contact',
    body: [`Questions about privacy? Reach us through Help & Support in the ${APP_NAME} app.`],
  },
];

export default function PrivacyRoute() {
  return (
    <LegalLayout
      title="Privacy Policy"
      updated="1 November 2026"
      intro={`Your money data is personal. This policy explains what ${APP_NAME} collects, why, and the control you have over it.`}
      sections={sections}
    />
  );
}
