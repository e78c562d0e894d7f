import { KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiReferenceLine } from '../../api-reference/api-reference-line';
import { useApiTokens } from '../api/get-api-tokens';
import { ApiTokenList } from './api-token-list';

// The form and the shown-once panel load when the operator first asks for a token: the Settings
// screen's first visit stays within its budget (DESIGN.md: 150 kB).
const CreateApiToken = lazy(() =>
  import('./create-api-token').then((m) => ({ default: m.CreateApiToken })),
);

/** "API tokens" on the Settings screen (issue 18), below SPEC.md's cookie form. */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);

  return (
    <Card className="mt-6" aria-labelledby="api-tokens-title">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="api-tokens-title">API tokens</CardTitle>
          <p className="text-sm text-fg-muted">
            Let other tools (n8n, Home Assistant, your own programs) call the API with{' '}
            <code className="text-xs">Authorization: Bearer &lt;token&gt;</code>. Tokens cannot read
            the cookies, download a backup or manage tokens.
          </p>
          <ApiReferenceLine />
        </div>
        {creating ? null : (
          <Button size="sm" onClick={() => setCreating(true)}>
            <KeyRound aria-hidden="true" />
            New token
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {creating ? (
          <Suspense
            fallback={
              <div className="flex items-center gap-3 text-sm text-fg-muted" aria-busy="true">
                <Spinner />
                <span className="sr-only">Loading</span>
              </div>
            }
          >
            <CreateApiToken onClose={() => setCreating(false)} />
          </Suspense>
        ) : null}
        {tokens.isPending ? (
          <div className="flex items-center gap-3 py-4 text-sm text-fg-muted" aria-busy="true">
            <Spinner />
            <span className="sr-only">Loading API tokens</span>
          </div>
        ) : tokens.isError ? (
          <p className="text-sm text-danger-fg">
            Could not load the API tokens: {tokens.error.message}
          </p>
        ) : (
          <ApiTokenList tokens={tokens.data} />
        )}
      </CardContent>
    </Card>
  );
}
