import { describe, expect, it } from 'vitest';
import { REDACTED, urlForLog } from './log-url';

// The access log's address for issue 33's calendar feed, whose secret is the path itself.

describe('urlForLog and the calendar feed', () => {
  const token = `jsc_${'a'.repeat(43)}`;

  it('redacts a feed token however it is written, even one that reads as words', () => {
    expect(urlForLog(`/calendar/${token}.ics`)).toBe(`/calendar/${REDACTED}`);
    expect(urlForLog(`/calendar/${token}`)).toBe(`/calendar/${REDACTED}`);
    expect(urlForLog(`/calendar/JSC_${'b'.repeat(43)}.ics`)).toBe(`/calendar/${REDACTED}`);
    expect(urlForLog(`/calendar/jsc%5F${'c'.repeat(43)}.ics`)).toBe(`/calendar/${REDACTED}`);
    expect(urlForLog(`/calendar/feed.ics?t=${token}`)).toBe(`/calendar/feed.ics?t=${REDACTED}`);
  });

  it('keeps the calendar routes of the API as they are', () => {
    expect(urlForLog('/api/v1/calendar-feed')).toBe('/api/v1/calendar-feed');
    expect(urlForLog('/api/v1/applications/4012345678/next-step.ics')).toBe(
      '/api/v1/applications/4012345678/next-step.ics',
    );
  });
});
