import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. No tailwind-merge (8 kB): components are written so a caller's classes add
 * to the base ones rather than fight them, and a caller that must override uses `!` utilities.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
