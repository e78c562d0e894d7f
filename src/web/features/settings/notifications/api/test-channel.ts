import { useMutation, useQueryClient } from '@tanstack/react-query';
import { testResultSchema, type TestResult } from '../../../../../contract/notifications';
import { apiRequest } from '../../../../lib/api-client';
import { deliveriesQueryKey } from './get-deliveries';

/** Sends a test message now; the answer says delivered, or what the server or SMTP said. */
export function testChannel(id: number): Promise<TestResult> {
  return apiRequest(`/notifications/channels/${id}/test`, testResultSchema, { method: 'POST' });
}

export function useTestChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testChannel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey }),
  });
}
