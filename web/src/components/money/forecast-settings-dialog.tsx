// The "Forecast settings" dialog (forecast-settings.tsx opens it): the member's own low-balance threshold
// and the everyday-spending allowance switch. Its own chunk, with Radix's dialog and switch: /calendar and
// /plan load it when the button is reached for or the browser is first idle, not with the screen.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { dollarsText, parseDollars } from '../../lib/money-input.ts';
import {
  useSaveViewSettings,
  viewSettingsQueryOptions,
  type ViewSettings,
} from '../../lib/money-view-settings-api.ts';
import { QueryError } from '../errors/query-error.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Switch } from '../ui/switch.tsx';
import { TextField } from '../ui/text-field.tsx';

export function ForecastSettingsDialog({ profileId, onClose }: { profileId: string; onClose: () => void }) {
  const query = useQuery(viewSettingsQueryOptions(profileId));
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Forecast settings"
      description="How your calendar and forecast look to you. Others sharing this profile keep their own."
    >
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <QueryError
          error={query.error}
          title="Your settings could not load"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SettingsForm profileId={profileId} settings={query.data} onDone={onClose} />
      )}
    </Dialog>
  );
}

function SettingsForm({
  profileId,
  settings,
  onDone,
}: {
  profileId: string;
  settings: ViewSettings;
  onDone: () => void;
}) {
  const [threshold, setThreshold] = useState(dollarsText(settings.low_balance_threshold));
  const [includeAllowance, setIncludeAllowance] = useState(settings.include_allowance);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveViewSettings(profileId);
  const switchId = useId();
  const hintId = `${switchId}-hint`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollars(threshold, { allowZero: true });
    if (cents === null) {
      setError('Please enter an amount, like 100.00');
      return;
    }
    setError(undefined);
    save.mutate({ low_balance_threshold: cents, include_allowance: includeAllowance }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={switchId} className="text-sm font-medium text-slate-800">
            Include everyday spending
          </label>
          <p id={hintId} className="text-xs text-slate-500">
            Groceries, fuel and eating out, estimated from your recent spending. Off: balances count only
            planned items.
          </p>
        </div>
        <Switch
          id={switchId}
          checked={includeAllowance}
          onCheckedChange={setIncludeAllowance}
          aria-describedby={hintId}
        />
      </div>
      <TextField
        label="Low-balance alert below ($)"
        inputMode="decimal"
        value={threshold}
        onChange={(e) => setThreshold(e.target.value)}
        error={error}
        hint="Days that end below this amount are highlighted. 0 highlights only negative balances."
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" isPending={save.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
