import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { invalidateFit } from './invalidate';

export function deleteFitProfile(id: number): Promise<void> {
  return apiSend(`/fit-profiles/${id}`, { method: 'DELETE' });
}

export function useDeleteFitProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFitProfile,
    onSuccess: () => invalidateFit(queryClient),
  });
}
