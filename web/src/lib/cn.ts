// Joins class names and lets a later Tailwind class override an earlier one (`px-2` then `px-4`).
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
