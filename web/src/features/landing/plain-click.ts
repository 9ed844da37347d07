// Which clicks on the landing page's links the page handles itself: an ordinary left click. Others (a
// new tab, a new window, a download) keep the browser's own behaviour. Shared by the React page
// (components/landing.tsx) and the prerendered one's driver (app/static-landing.ts).

/** Whether `event` is a plain left click, with no modifier key. */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>,
): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
