import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationUpdate } from '../../../contract/pipeline';
import {
  ApiError,
  apiDownloadNamed,
  apiRequest,
  saveBlob,
  type ContractSchema,
} from '../../lib/api-client';
import { getApplicationQueryOptions, refreshAfterApplicationChange } from './application-query';

// The application of one job (issue 33), shared by the Jobs panel and the Pipeline screen:
// the keys are the contract's (['applications','detail',jobId]), and every change invalidates
// the applications, the jobs (a stage keeps the job's triage state) and the Overview.

// The query itself lives apart, with the Jobs panel's line that shares it (application-query.ts).
export {
  applicationQueryKey,
  applicationsQueryKey,
  getApplication,
  getApplicationQueryOptions,
} from './application-query';

export function useApplication(jobId: number) {
  return useQuery(getApplicationQueryOptions(jobId));
}

/** The writes' answers are not read: the detail is fetched again, whatever each one answers. */
const anyAnswer: ContractSchema<unknown> = { '~standard': { validate: (value) => ({ value }) } };

interface Write {
  path: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
}

async function send({ path, method, body }: Write): Promise<void> {
  try {
    await apiRequest(path, anyAnswer, { method, body });
  } catch (err) {
    // A write that succeeded without a JSON body (204) is still a success.
    const succeeded = err instanceof ApiError && err.kind === 'parse' && (err.status ?? 500) < 300;
    if (!succeeded) throw err;
  }
}

/** One write on a job's application; each field has its own, so each shows its own error. */
function useApplicationWrite<V>(toWrite: (variables: V) => Write) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => send(toWrite(variables)),
    onSuccess: () => refreshAfterApplicationChange(queryClient),
  });
}

export const useUpdateApplication = (jobId: number) =>
  useApplicationWrite<ApplicationUpdate>((body) => ({
    path: `/applications/${jobId}`,
    method: 'PATCH',
    body,
  }));

export const useUpdateEventDate = (jobId: number) =>
  useApplicationWrite<{ eventId: number; at: string }>(({ eventId, at }) => ({
    path: `/applications/${jobId}/history/${eventId}`,
    method: 'PATCH',
    body: { at },
  }));

export interface ContactFields {
  name: string;
  role: string;
  email: string;
  url: string;
}

export const useAddContact = (jobId: number) =>
  useApplicationWrite<ContactFields>((body) => ({
    path: `/applications/${jobId}/contacts`,
    method: 'POST',
    body,
  }));

export const useUpdateContact = (jobId: number) =>
  useApplicationWrite<{ contactId: number; fields: ContactFields }>(({ contactId, fields }) => ({
    path: `/applications/${jobId}/contacts/${contactId}`,
    method: 'PATCH',
    body: fields,
  }));

export const useDeleteContact = (jobId: number) =>
  useApplicationWrite<number>((contactId) => ({
    path: `/applications/${jobId}/contacts/${contactId}`,
    method: 'DELETE',
  }));

export const useRemoveApplication = (jobId: number) =>
  useApplicationWrite<undefined>(() => ({ path: `/applications/${jobId}`, method: 'DELETE' }));

/** The next step as an iCalendar file, fetched with the bearer like the exports. */
export async function downloadNextStepIcs(jobId: number): Promise<void> {
  const { blob, fileName } = await apiDownloadNamed(`/applications/${jobId}/next-step.ics`);
  saveBlob(blob, fileName ?? `next-step-${jobId}.ics`);
}
