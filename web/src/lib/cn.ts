// Joins class names and lets a later Tailwind class override an earlier one (`px-2` then `px-4`).
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

// tailwind-merge builds its class map on its first call: 10-25 ms of a cold start's main thread. It is
// made in a task of its own as soon as this module has loaded, not inside the task of a first render.
if (typeof window !== 'undefined') setTimeout(() => twMerge('p-0'), 0);

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
