import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { NotificationChannel } from '../../../../../contract/notifications';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { useChannels } from '../api/get-channels';
import { ChannelList } from './channel-list';
import { RecentDeliveries } from './recent-deliveries';

// The form and its dialog load when the operator first opens them: the Settings screen's
// first visit stays small (DESIGN.md's 150 kB budget).
const ChannelDialog = lazy(() =>
  import('./channel-dialog').then((m) => ({ default: m.ChannelDialog })),
);

/** "Notifications" on the Settings screen (issue 11), below SPEC.md's cookie form. */
export function NotificationsCard() {
  const channels = useChannels();
  // null: closed; 'new': adding; a channel: editing it.
  const [editing, setEditing] = useState<NotificationChannel | 'new' | null>(null);

  return (
    <Card className="mt-6" aria-labelledby="notifications-title">
      <CardHeader className="flex-row items-center justify-between">
        <div>
          <CardTitle id="notifications-title">Notifications</CardTitle>
          <p className="text-sm text-fg-muted">
            Hear of new jobs, failed batches and rejected cookies by e-mail or webhook.
          </p>
        </div>
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add channel
        </Button>
      </CardHeader>
      <CardContent>
        {channels.isPending ? (
          <div className="flex items-center gap-3 py-4 text-sm text-fg-muted" aria-busy="true">
            <Spinner />
            <span className="sr-only">Loading notification channels</span>
          </div>
        ) : channels.isError ? (
          <p className="text-sm text-danger-fg">
            Could not load the notification channels: {channels.error.message}
          </p>
        ) : (
          <ChannelList channels={channels.data} onEdit={(c) => setEditing(c)} />
        )}
        <RecentDeliveries />
      </CardContent>
      {editing !== null ? (
        <Suspense fallback={null}>
          <ChannelDialog
            channel={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
