// spec §7: the device fingerprint sent for 2FA — a hash of browser, language, screen size, time-zone
// offset, CPU cores, memory and canvas output. The server records it beside a trusted device and never
// trusts it alone (the device token is what counts).

function canvasSample(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 40;
    const context = canvas.getContext('2d');
    if (!context) return 'no-canvas';
    context.textBaseline = 'top';
    context.font = '16px Arial';
    context.fillStyle = '#1d4ed8';
    context.fillText('Tallywise 2FA ✓', 4, 8);
    return canvas.toDataURL();
  } catch {
    return 'no-canvas';
  }
}

export function fingerprintSource(): string {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return [
    nav.userAgent,
    nav.language,
    `${window.screen.width}x${window.screen.height}`,
    new Date().getTimezoneOffset(),
    nav.hardwareConcurrency ?? 0,
    nav.deviceMemory ?? 0,
    canvasSample(),
  ].join('|');
}

/** SHA-256 of the fingerprint source, hex. */
export async function deviceFingerprint(): Promise<string> {
  const bytes = new TextEncoder().encode(fingerprintSource());
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
