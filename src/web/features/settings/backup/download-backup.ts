import { useMutation } from '@tanstack/react-query';
import { backupFileName } from '../../../../contract/operations';
import { apiDownloadNamed, saveBlob } from '../../../lib/api-client';

/**
 * Fetches GET /backup with the session's bearer token (never in a URL) and saves it under the
 * server's name for it, `jobscout-YYYY-MM-DD.sqlite` (the day in the server's time zone).
 */
export async function downloadBackup(): Promise<string> {
  const { blob, fileName } = await apiDownloadNamed('/backup');
  const name = fileName ?? backupFileName(new Date().toISOString().slice(0, 10));
  saveBlob(blob, name);
  return name;
}

export function useDownloadBackup() {
  return useMutation({ mutationFn: downloadBackup });
}
