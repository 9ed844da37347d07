// How the three roles of a shared financial profile (spec §6) are named and explained on screen.
import type { MemberRole } from './active-profile.ts';

export const roleLabels: Record<MemberRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** What a member may do, matching what the server allows (domain/access.ts). */
export const roleAsYou: Record<Exclude<MemberRole, 'owner'>, string> = {
  viewer: 'As a viewer, you can see everything in it but change nothing.',
  editor: 'As an editor, you can see everything in it and change its plans.',
};
