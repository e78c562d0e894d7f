import { describe, expect, it } from 'vitest';
import {
  buildTestMessage,
  newJobsPhrase,
  notificationMessageSchema,
  renderMessage,
  renderText,
  type NotificationMessage,
} from './message';
import { discordPayload, slackPayload } from './formats';

// The batch-finished message's counts with rules and reposts (issue 17): new jobs and reposts
// apart, what rules hid in brackets, zero parts left out; the listed jobs are the ones the
// operator keeps.

function finished(over: Partial<NotificationMessage>): NotificationMessage {
  return {
    ...buildTestMessage({ siteName: 'LinkedIn', publicUrl: undefined }),
    event: 'batch_finished',
    batch: {
      id: 7,
      kind: 'daily',
      status: 'completed',
      started_at: null,
      finished_at: null,
      error: null,
    },
    ...over,
  };
}

const job = (id: number) => ({
  id: String(id),
  title: `Job ${id}`,
  company: 'ACME',
  location: 'Berlin',
  url: `https://www.linkedin.com/jobs/view/${id}`,
});

describe('batch-finished counts', () => {
  it('says new and reposts apart, with the jobs rules hid in brackets', () => {
    const counts = (n: number, reposts: number, hidden: number) =>
      newJobsPhrase(
        finished({ new_jobs_count: n, reposts_count: reposts, hidden_by_rules_count: hidden }),
      );
    expect(counts(12, 0, 5)).toBe('12 new jobs (5 hidden by rules)');
    expect(counts(11, 3, 5)).toBe('8 new jobs · 3 reposts (5 hidden by rules)');
    expect(counts(1, 0, 0)).toBe('1 new job');
    expect(counts(4, 1, 0)).toBe('3 new jobs · 1 repost');
    expect(counts(3, 3, 0)).toBe('3 reposts');
    expect(counts(0, 0, 0)).toBe('0 new jobs');
  });

  it('lists only the jobs kept, and counts "more" among them', () => {
    const message = finished({
      new_jobs_count: 20,
      hidden_by_rules_count: 5,
      listed_jobs_count: 12,
      new_jobs: Array.from({ length: 10 }, (_, i) => job(i + 1)),
    });
    const rendered = renderMessage(message);
    expect(rendered.title).toBe('Batch #7 finished: 20 new jobs (5 hidden by rules)');
    expect(rendered.summary).toBe('Batch #7 finished with 20 new jobs (5 hidden by rules).');
    expect(renderText(rendered)).toContain('…and 2 more');
    expect(JSON.stringify(slackPayload(message))).toContain('(5 hidden by rules)');
    expect(JSON.stringify(discordPayload(message))).toContain('(5 hidden by rules)');
  });

  it('says how many saved, applied or flagged jobs were found closed (issue 41), if any', () => {
    const summary = (closed: number) =>
      renderMessage(finished({ new_jobs_count: 3, closed_jobs_count: closed })).summary;
    expect(summary(0)).toBe('Batch #7 finished with 3 new jobs.');
    expect(summary(1)).toBe(
      'Batch #7 finished with 3 new jobs. 1 of your saved, applied or flagged jobs was found closed since the last batch.',
    );
    expect(summary(4)).toContain('4 of your saved, applied or flagged jobs were found closed');
  });

  it('reads a message queued before rules existed as before', () => {
    const old = notificationMessageSchema.parse({
      ...finished({ new_jobs_count: 12, new_jobs: [job(1)] }),
      reposts_count: undefined,
      hidden_by_rules_count: undefined,
      listed_jobs_count: undefined,
    });
    expect(old).toMatchObject({ reposts_count: 0, hidden_by_rules_count: 0 });
    const rendered = renderMessage(old);
    expect(rendered.title).toBe('Batch #7 finished: 12 new jobs');
    expect(renderText(rendered)).toContain('…and 11 more');
  });
});
