import type { Delivery } from '../../../../../contract/notifications';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { DateTime } from '../../../../components/ui/date-time';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../../components/ui/table';
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
      <h3 className="mb-2 text-sm font-semibold text-fg" id="recent-notifications">
        Recent notifications
      </h3>
      {deliveries.isPending ? null : deliveries.isError ? (
        <p className="text-sm text-danger-fg">
          Could not load the recent notifications: {deliveries.error.message}
        </p>
      ) : deliveries.data.length === 0 ? (
        <p className="text-sm text-fg-muted">No notifications sent yet.</p>
      ) : (
        <Table aria-labelledby="recent-notifications">
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Channel</TableHead>
              <TableHead>Event</TableHead>
              <TableHead>Outcome</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deliveries.data.map((d) => (
              <TableRow key={d.id}>
                <TableCell label="Time" className="whitespace-nowrap">
                  <DateTime value={d.delivered_at ?? d.created_at} />
                </TableCell>
                <TableCell label="Channel">{d.channel_name}</TableCell>
                <TableCell label="Event">
                  {DELIVERY_EVENT_LABELS[d.event]}
                  {d.batch_id !== null ? ` #${d.batch_id}` : ''}
                </TableCell>
                <TableCell label="Outcome">
                  <Badge tone={OUTCOME[d.status].tone}>{OUTCOME[d.status].label}</Badge>
                  {d.error ? (
                    <span className="ml-2 text-xs text-fg-muted">
                      {d.status === 'pending' ? `retrying (${d.attempts} tried): ` : ''}
                      {d.error}
                    </span>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
