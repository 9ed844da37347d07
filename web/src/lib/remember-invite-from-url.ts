// spec §2: "A query parameter token or invite on any page carries an invitation token." Whatever page
// the app opens on, such a token (and the e-mail beside it) is remembered as the pending invitation
// (spec §3 pendingInviteToken, pendingInviteEmail) until a signed-in user accepts it (spec §4).
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { inviteFromSearch, rememberPendingInvite } from './pending-invitation.ts';

export function useRememberInviteFromUrl(): void {
  const { search } = useLocation();
  useEffect(() => {
    const invite = inviteFromSearch(new URLSearchParams(search));
    if (invite) rememberPendingInvite(window.localStorage, invite);
  }, [search]);
}
