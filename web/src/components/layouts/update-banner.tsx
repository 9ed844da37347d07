// spec §2 update prompt's top-level banner: a new version is deployed, offer a reload.
import { X } from 'lucide-react';
import { UPDATE_CHECK } from '../../lib/update-check.ts';

export function UpdateBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 bg-brand-600 px-4 py-2 text-sm text-on-brand"
    >
      <span>{UPDATE_CHECK.message}</span>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-on-brand"
      >
        {UPDATE_CHECK.action}
      </button>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={onDismiss}
        className="rounded p-1 focus-visible:outline-2 focus-visible:outline-on-brand"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
