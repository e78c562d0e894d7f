import { createHash } from 'node:crypto';

/** SHA-256 (hex): a fast hash is enough for a secret of 256 random bits (docs/decisions/002). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
