import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobQueryKey } from './get-job';
import { jobsQueryKey } from './get-jobs';
import { jobDetailSchema, type JobDetail } from './jobs-schema';

/**
 * Fetches the details of a job a rule hid on its search card (one request to the site), on the
 * operator's demand; answers the job with them.
 */
export function fetchJobDetails(id: number): Promise<JobDetail> {
  return apiRequest(`/jobs/${id}/details`, jobDetailSchema, { method: 'POST' });
}

export function useFetchJobDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchJobDetails,
    onSuccess: async (job) => {
      queryClient.setQueryData(jobQueryKey(job.id), job);
      await queryClient.invalidateQueries({ queryKey: [...jobsQueryKey, 'list'] });
    },
  });
}
