// The server's billing clock as the realtime heartbeat last reported it (each pong carries it,
// docs/realtime.md): trial and grace ends are judged by it, not by this device's clock, which may be off
// (and locally the Stripe sandbox's clock, the billing clock there, can be moved forward). The
// subscription's sync listens, and re-checks the status when an end it knows of has passed.

type Listener = (offsetMs: number) => void;

const listeners = new Set<Listener>();

/** A pong's `billing_at`: tells every listener the billing clock's offset from this device's. */
export function reportBillingTime(iso: string, deviceNow: number = Date.now()): void {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return;
  for (const listener of listeners) listener(at - deviceNow);
}

/** Hears each new offset (billing clock minus device clock, ms); returns what stops it. */
export function onBillingTime(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
