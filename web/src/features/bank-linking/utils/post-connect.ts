// Where the user goes after a first connection on /get-started (spec §4: /onboarding?patterns=true&
// firstTime=true after 1 s). /onboarding is not built yet, so /accounts until it is (docs/web.md).
import { paths } from '../../../config/paths.ts';

export const postConnectPath = () => paths.app.accounts.getHref();
