// The profile section of Settings: the user's e-mail and full name from GET /profiles/me, with the
// name editable (PATCH /profiles/me). Shows loading, error and "no name yet" states.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { classifyError } from '../../../lib/classify-error.ts';
import { useProfile, type Profile } from '../../../lib/user-profile-api.ts';
import {
  updateProfileInputSchema,
  useUpdateProfile,
  type UpdateProfileInput,
} from '../api/update-profile.ts';

/** spec §8 profile messages. */
export const PROFILE_UPDATED_TOAST = 'Profile updated successfully';

export function ProfileSettings() {
  const profile = useProfile();
  if (profile.isPending) return <PageSpinner label="Loading your profile..." />;
  if (profile.isError) {
    return (
      <QueryError
        title="We couldn't load your profile"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        isRetrying={profile.isFetching}
      />
    );
  }
  return <ProfileForm key={profile.data.id} profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileInputSchema),
    defaultValues: { full_name: profile.full_name ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ full_name: saved.full_name ?? '' });
      toast.success(PROFILE_UPDATED_TOAST);
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues.find((i) => i.field === 'full_name') : undefined;
      if (issue) form.setError('full_name', { message: issue.message }, { shouldFocus: true });
      else toast.error(classifyError(error).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {profile.full_name ? null : (
        <Alert tone="info">
          You haven&apos;t added your name yet. Add it below so we know what to call you.
        </Alert>
      )}
      <TextField
        label="Email"
        type="email"
        value={profile.email}
        readOnly
        hint="The email you sign in with."
      />
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.full_name?.message}
        {...form.register('full_name')}
      />
      <div className="flex justify-end">
        <Button type="submit" isPending={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
