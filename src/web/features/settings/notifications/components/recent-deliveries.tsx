import type { Delivery } from '../../../../../contract/notifications';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { DateTime } from '../../../../components/ui/date-time';
import { useDeliveries } from '../api/get-deliveries';
import { DELIVERY_EVENT_LABELS } from '../labels';

const OUTCOME: Record<Delivery['status'], { label: string; tone: BadgeTone }> = {
  delivered: { label: 'Delivered', tone: 'green' },
  pending: { label: 'Pending', tone: 'amber' },
  failed: { label: 'Failed', tone: 'red' },
};

/** The last 20 deliveries, newest first: time, channel, event, outcome. */
export function RecentDeliveries() {
  const deliveries = useDeliveries();
  return (
    <div className="mt-6">
      <h3 className="mb-2 text-sm font-semibold text-slate-900" id="recent-notifications">
        Recent notifications
      </h3>
      {deliveries.isPending ? null : deliveries.isError ? (
        <p className="text-sm text-red-600">
          Could not load the recent notifications: {deliveries.error.message}
        </p>
      ) : deliveries.data.length === 0 ? (
        <p className="text-sm text-slate-600">No notifications sent yet.</p>
      ) : (
        <table className="w-full text-left text-sm" aria-labelledby="recent-notifications">
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-1 pr-3 font-medium">Time</th>
              <th className="py-1 pr-3 font-medium">Channel</th>
              <th className="py-1 pr-3 font-medium">Event</th>
              <th className="py-1 font-medium">Outcome</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {deliveries.data.map((d) => (
              <tr key={d.id}>
                <td className="py-1.5 pr-3 whitespace-nowrap">
                  <DateTime value={d.delivered_at ?? d.created_at} />
                </td>
                <td className="py-1.5 pr-3">{d.channel_name}</td>
                <td className="py-1.5 pr-3">
                  {DELIVERY_EVENT_LABELS[d.event]}
                  {d.batch_id !== null ? ` #${d.batch_id}` : ''}
                </td>
                <td className="py-1.5">
                  <Badge tone={OUTCOME[d.status].tone}>{OUTCOME[d.status].label}</Badge>
                  {d.error ? (
                    <span className="ml-2 text-xs text-slate-600">
                      {d.status === 'pending' ? `retrying (${d.attempts} tried): ` : ''}
                      {d.error}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
