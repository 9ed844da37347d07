// The one-field dialog that names a profile: 'New profile' and 'Rename profile'. Client checks mirror
// the server's (1 to 60 characters); a field issue from the server shows beside the field, any other
// failure is left to the caller (which toasts it, spec §8).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { PROFILE_NAME_MAX, profileNameInputSchema, type ProfileNameInput } from '../api/profile-mutations.ts';

export function ProfileNameDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  initialName = '',
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  initialName?: string;
  /** Resolves when saved (the dialog closes); rejects with the API's error otherwise. */
  onSubmit: (input: ProfileNameInput) => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {open ? (
        <NameForm
          submitLabel={submitLabel}
          initialName={initialName}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function NameForm({
  submitLabel,
  initialName,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  initialName: string;
  onSubmit: (input: ProfileNameInput) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<ProfileNameInput>({
    resolver: zodResolver(profileNameInputSchema),
    defaultValues: { name: initialName },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues.find((i) => i.field === 'name') : undefined;
      if (issue) form.setError('name', { message: issue.message }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <TextField
        label="Profile name"
        autoComplete="off"
        autoFocus
        maxLength={PROFILE_NAME_MAX + 20}
        placeholder="e.g. Household, Side business"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" isPending={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
