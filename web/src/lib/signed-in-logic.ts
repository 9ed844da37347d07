// The signed-in providers' logic, imported on demand through this one module: the active
// profile's engine (with the realtime connection it keeps) and the calls its profile list makes, and the
// subscription's sync. They are built into one chunk with the frame (web/vite.config.ts, `frame`), and
// each module imported on demand on its own costs a small file more to fetch; through this one, a
// signed-in start fetches one, which the entry asks for with the screen's code (app/screens.ts
// `preloadScreenFor`).
export { ActiveProfileEngine, resetActiveProfile, useActiveProfileState } from './active-profile-engine.tsx';
export { ensureDefaultProfile, listFinancialProfiles } from './financial-profiles-api.ts';
export { refreshStatus, SubscriptionSync } from '../features/subscriptions/components/subscription-sync.tsx';
export { prepareSignedInStart } from './signed-in-start.ts';
