import { queryOptions, useQuery } from '@tanstack/react-query';
import { deliveryListSchema, type Delivery } from '../../../../../contract/notifications';
import { apiRequest } from '../../../../lib/api-client';
import { notificationsQueryKey } from './get-channels';

export const deliveriesQueryKey = [...notificationsQueryKey, 'deliveries'] as const;

/** While a delivery is still pending (retries), the list looks again this often. */
const PENDING_POLL_MS = 5_000;

export function getDeliveries({ signal }: { signal?: AbortSignal } = {}): Promise<Delivery[]> {
  return apiRequest('/notifications/deliveries', deliveryListSchema, { signal });
}

export function getDeliveriesQueryOptions() {
  return queryOptions({
    queryKey: deliveriesQueryKey,
    queryFn: ({ signal }) => getDeliveries({ signal }),
    // Batches end while the operator is elsewhere: opening Settings shows the latest at once.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending') ? PENDING_POLL_MS : false,
  });
}

export function useDeliveries() {
  return useQuery(getDeliveriesQueryOptions());
}
