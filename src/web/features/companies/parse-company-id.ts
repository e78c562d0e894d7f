import { COMPANY_ID_MIN } from '../../../contract/constants';

/**
 * SPEC.md §5: the Company ID must parse to a positive integer, otherwise nothing is sent.
 * Only plain digits count: "1.5", "-3", "0" and exponent forms such as "1e3" are refused.
 */
export function parseCompanyId(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) && id >= COMPANY_ID_MIN ? id : null;
}
