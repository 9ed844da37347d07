// The topics of Help & Support: the answers' groups and the contact form's choices,
// shared by the server (support requests) and the screen.
export const SUPPORT_TOPICS = [
  'linking',
  'sync',
  'forecast',
  'sharing',
  'billing',
  'security',
  'data',
  'other',
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const TOPIC_LABELS: Record<SupportTopic, string> = {
  linking: 'Connecting banks',
  sync: 'Sync and balances',
  forecast: 'Plan, forecast and coach',
  sharing: 'Sharing',
  billing: 'Trial and billing',
  security: 'Security',
  data: 'My data',
  other: 'Something else',
};
