// spec §1 landing page: the taglines typed in rotation under 'Manage Money Better'. Apart from the page
// so the light entry's typing (static-landing.ts) and the React page share them without React.
export const taglines = [
  'See every account in one place.',
  'Know what your balance will be next month.',
  'Plan every bill before it arrives.',
  'Get answers from your own AI money coach.',
  'Share a budget with the people you trust.',
] as const;
