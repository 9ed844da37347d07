// PATCH /profiles/me with the fields the settings screen edits; refreshes the 'user-profile' cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { authValidation } from '@domain/auth-messages.ts';
import { api } from '../../../lib/api-client.ts';
import { profileQueryKey, profileSchema, type Profile } from '../../../lib/user-profile-api.ts';

export const updateProfileInputSchema = z.object({
  full_name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, authValidation.fullNameRequired),
      z.maxLength(120, 'Please use at most 120 characters'),
    ),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

export async function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return profileSchema.parse(await api.patch<unknown>('/profiles/me', input));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
