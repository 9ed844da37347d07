// Where the user goes after a first connection on /get-started (spec §4): the review of what the
// history shows, /onboarding?patterns=true&firstTime=true, after 1 s (docs/onboarding.md).
import { paths } from '../../../config/paths.ts';

export const postConnectPath = () => `${paths.app.onboarding.getHref()}?patterns=true&firstTime=true`;
