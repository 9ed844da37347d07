// A short hint shown on hover and on keyboard focus, tied to its trigger by aria-describedby.
// (No Radix tooltip package is installed; this covers the app's one-line hints.)
import { useId, type ReactElement, cloneElement, type ReactNode } from 'react';

export function Tooltip({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      {cloneElement(children, { 'aria-describedby': id })}
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none absolute bottom-full left-1/2 z-50 mb-2 hidden -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white group-focus-within:block group-hover:block"
      >
        {content}
      </span>
    </span>
  );
}
