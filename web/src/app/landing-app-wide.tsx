// The light landing page's app-wide part, loaded just after its first render: the update check and
// its banner, the deployment reload, and the toast region the update toast appears in.
import { AppWide } from './app-wide.tsx';
import { AppToaster } from './toaster.tsx';

export default function LandingAppWide() {
  return (
    <>
      <AppWide />
      <AppToaster />
    </>
  );
}
