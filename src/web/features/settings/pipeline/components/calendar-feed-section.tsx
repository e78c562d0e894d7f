import { useEffect, useId, useRef, useState } from 'react';
import type { CalendarFeedCreated } from '../../../../../contract/pipeline';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { DateTime } from '../../../../components/ui/date-time';
import { Spinner } from '../../../../components/ui/spinner';
import { useToast } from '../../../../components/ui/toaster';
import { timeAgo } from '../../../../lib/relative-time';
import { useNow } from '../../../../lib/use-now';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/calendar-feed';
import { ShownOnce } from '../../components/shown-once';

type Confirming = 'replace' | 'revoke' | null;

/**
 * The calendar feed (issue 33): a secret URL a calendar app subscribes to. Its URL is shown once,
 * when made; afterwards only when it was made and last read, and Replace and Revoke.
 */
export function CalendarFeedSection() {
  const id = useId();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const toast = useToast();
  const [confirming, setConfirming] = useState<Confirming>(null);

  const make = () => {
    setConfirming(null);
    create.mutate();
  };
  const doRevoke = () => {
    setConfirming(null);
    revoke.mutate(undefined, { onSuccess: () => toast('Calendar feed revoked') });
  };
  const busy = create.isPending || revoke.isPending;

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <div>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-fg">
          Calendar feed
        </h3>
        <p className="text-sm text-fg-muted">
          Subscribe to your next steps from a calendar app. The URL is a secret: anyone who has it
          can read your next steps, so replace it if it leaked.
        </p>
      </div>
      {create.data ? (
        // Forgets the answer, URL and all, once the operator is done with it.
        <FeedShownOnce created={create.data} onDone={() => create.reset()} />
      ) : null}
      {feed.isPending ? (
        <div className="flex items-center gap-3 text-sm text-fg-muted" aria-busy="true">
          <Spinner />
          <span className="sr-only">Loading the calendar feed</span>
        </div>
      ) : feed.isError ? (
        <p className="text-sm text-danger-fg">
          Could not load the calendar feed: {feed.error.message}
        </p>
      ) : feed.data.feed === null ? (
        <div>
          <Button size="sm" onClick={make} disabled={busy}>
            {create.isPending ? 'Creating...' : 'Create feed URL'}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <FeedDates
            createdAt={feed.data.feed.created_at}
            lastUsedAt={feed.data.feed.last_used_at}
          />
          {confirming === null ? (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setConfirming('replace')}
                disabled={busy}
              >
                {create.isPending ? 'Replacing...' : 'Replace'}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setConfirming('revoke')}
                disabled={busy}
              >
                {revoke.isPending ? 'Revoking...' : 'Revoke'}
              </Button>
            </div>
          ) : (
            <InlineConfirm
              message={
                confirming === 'replace'
                  ? 'Replace the feed URL? Calendars subscribed to the current one stop updating.'
                  : 'Revoke the calendar feed? Calendars subscribed to it stop updating.'
              }
              confirmLabel={confirming === 'replace' ? 'Replace URL' : 'Revoke feed'}
              onConfirm={confirming === 'replace' ? make : doRevoke}
              onCancel={() => setConfirming(null)}
            />
          )}
        </div>
      )}
      {create.isError ? (
        <ErrorAlert>{`Could not create the feed URL: ${create.error.message}`}</ErrorAlert>
      ) : null}
      {revoke.isError ? (
        <ErrorAlert>{`Could not revoke the calendar feed: ${revoke.error.message}`}</ErrorAlert>
      ) : null}
    </section>
  );
}

function FeedDates({ createdAt, lastUsedAt }: { createdAt: string; lastUsedAt: string | null }) {
  const now = useNow();
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
      <div className="flex gap-1">
        <dt>Created</dt>
        <dd>
          <DateTime value={createdAt} />
        </dd>
      </div>
      <div className="flex gap-1">
        <dt>Last used</dt>
        <dd>
          {lastUsedAt ? (
            <time dateTime={lastUsedAt} title={lastUsedAt}>
              {timeAgo(lastUsedAt, now)}
            </time>
          ) : (
            'never'
          )}
        </dd>
      </div>
    </dl>
  );
}

/** A question in place, its Cancel focused: nothing is replaced or revoked by one stray click. */
function InlineConfirm({
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={`${id}-message`}
      className="flex flex-col gap-2 rounded-md border border-danger-line bg-danger-soft p-3"
    >
      <p id={`${id}-message`} className="text-sm text-danger-soft-fg">
        {message}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button ref={cancel} size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function FeedShownOnce({ created, onDone }: { created: CalendarFeedCreated; onDone: () => void }) {
  return (
    <ShownOnce
      title="Feed URL created"
      level={4}
      notice="Copy it now and add it to your calendar app as a subscription: you will not see it again."
      label="Calendar feed URL"
      value={created.url}
      what="the URL"
      onDone={onDone}
    />
  );
}
