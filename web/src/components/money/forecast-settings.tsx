// "Forecast settings" on /calendar and /plan: the member's own low-balance threshold (days closing below
// it are highlighted) and the everyday-spending allowance switch (docs/money-plan-api.md "Settings"). The
// dialog (forecast-settings-dialog.tsx, with Radix's dialog and switch) loads when the button is reached
// for or the browser is first idle: the screens' first render does not carry it.
import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../deferred.tsx';
import { Button } from '../ui/button.tsx';

const loadDialog = () => import('./forecast-settings-dialog.tsx');
const ForecastSettingsDialog = lazy(() => loadDialog().then((m) => ({ default: m.ForecastSettingsDialog })));
const preloadDialog = () => void loadDialog().catch(() => undefined);

export function ForecastSettingsButton({ profileId }: { profileId: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => whenIdle(preloadDialog, 3000), []);
  // The dialog unmounts on close, so focus is handed back to the button that opened it.
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Forecast settings
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ForecastSettingsDialog profileId={profileId} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
