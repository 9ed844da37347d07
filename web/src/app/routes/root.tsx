// The parent of every route: renders the matched screen, and remembers an invitation token that
// arrives in the URL of any page (spec §2).
import { Outlet } from 'react-router-dom';
import { useRememberInviteFromUrl } from '../../lib/remember-invite-from-url.ts';

export function RootLayout() {
  useRememberInviteFromUrl();
  return <Outlet />;
}
