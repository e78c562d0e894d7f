import { useState } from 'react';
import { isApiTokenExpired, type ApiToken } from '../../../../../contract/api-tokens';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { LazyConfirmDialog } from '../../../../components/ui/lazy-confirm-dialog';
import { DateTime } from '../../../../components/ui/date-time';
import { useToast } from '../../../../components/ui/toaster';
import { timeAgo } from '../../../../lib/relative-time';
import { useNow } from '../../../../lib/use-now';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { SCOPE_LABELS } from '../labels';

export function ApiTokenList({ tokens }: { tokens: ApiToken[] }) {
  const now = useNow();
  if (tokens.length === 0) {
    return <p className="text-sm text-fg-muted">No API tokens yet.</p>;
  }
  return (
    <ul className="divide-y divide-line-soft" aria-label="API tokens">
      {tokens.map((token) => (
        <ApiTokenRow key={token.id} token={token} now={now} />
      ))}
    </ul>
  );
}

function ApiTokenRow({ token, now }: { token: ApiToken; now: number }) {
  const toast = useToast();
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const expired = isApiTokenExpired(token, now);

  return (
    <li className="flex flex-col gap-1 py-3" aria-label={token.name}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="min-w-0 break-words font-medium text-fg">{token.name}</span>
        <Badge tone={token.scope === 'read-write' ? 'amber' : 'blue'}>
          {SCOPE_LABELS[token.scope]}
        </Badge>
        {expired ? <Badge tone="red">Expired</Badge> : null}
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={() => setConfirming(true)}
          disabled={revoke.isPending}
          aria-label={`Revoke ${token.name}`}
        >
          {revoke.isPending ? 'Revoking...' : 'Revoke'}
        </Button>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
        <div className="flex gap-1">
          <dt>Created</dt>
          <dd>
            <DateTime value={token.created_at} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Last used</dt>
          <dd>
            {token.last_used_at ? (
              <time dateTime={token.last_used_at} title={token.last_used_at}>
                {timeAgo(token.last_used_at, now)}
              </time>
            ) : (
              'never'
            )}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{expired ? 'Expired' : 'Expires'}</dt>
          <dd>{token.expires_at ? <DateTime value={token.expires_at} /> : 'never'}</dd>
        </div>
      </dl>
      {error ? (
        <p className="text-sm text-danger-fg" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <LazyConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Revoke API token"
          message={`Are you sure you want to revoke the API token "${token.name}"? Anything using it stops working at once.`}
          destructive
          onConfirm={() =>
            revoke.mutate(token.id, {
              onSuccess: () => toast('API token revoked'),
              onError: (err) => setError(`Could not revoke ${token.name}: ${err.message}`),
            })
          }
        />
      ) : null}
    </li>
  );
}
