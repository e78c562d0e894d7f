import type { ApiTokenScope } from '../../../../contract/api-tokens';

export const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'read-only': 'Read-only',
  'read-write': 'Read-write',
};
