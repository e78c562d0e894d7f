import { DatabaseBackup } from 'lucide-react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDownloadBackup } from './download-backup';

/** Issue 12: the whole database as one file, from the browser (the shell has `npm run backup`). */
export function BackupCard() {
  const download = useDownloadBackup();
  return (
    <Card className="mt-6" aria-labelledby="backup-title">
      <CardHeader>
        <CardTitle id="backup-title">Backup</CardTitle>
        <p className="text-sm text-fg-muted">
          A consistent copy of the whole database (queries, runs, jobs, settings, cookies and the
          password hash), taken while batches keep running. Keep it somewhere private;
          <code className="mx-1 text-xs">npm run restore -- FILE</code> puts it back while the
          server is stopped.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3">
        <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? <Spinner /> : <DatabaseBackup aria-hidden="true" />}
          {download.isPending ? 'Preparing backup...' : 'Download backup'}
        </Button>
        <p className="text-sm text-fg-muted" aria-live="polite" data-testid="backup-status">
          {download.isSuccess ? `Saved ${download.data}` : ''}
        </p>
        {download.isError ? (
          <ErrorAlert>{`Backup failed: ${download.error.message}`}</ErrorAlert>
        ) : null}
      </CardContent>
    </Card>
  );
}
