// spec §8 "Profiles" messages (success toasts and failure fallbacks) and the invitation wording the SPA
// shows around them: one source, like the rest of the catalogue.

/** spec §8 Profiles: failures show the error's message, else these fallbacks. */
export const profileFailures = {
  create: 'Failed to create profile',
  update: 'Failed to update profile',
  archive: 'Failed to archive profile',
  list: 'Failed to fetch profiles',
} as const;

/** spec §8 Profiles: success toasts. */
export const profileToasts = {
  created: (name: string) => `Profile "${name}" created successfully`,
  updated: 'Profile updated successfully',
  archived: 'Profile archived successfully',
  switched: (name: string) => `Switched to "${name}" profile`,
} as const;
