import { http, HttpResponse } from 'msw';

/**
 * GET /schedule as the Batches page reads it on every render (the line above the table, issue
 * 12): the next daily batch tomorrow at 09:00 in Berlin. For the page's tests' MSW servers.
 */
export function scheduleHandler(api: string) {
  return http.get(`${api}/schedule`, () =>
    HttpResponse.json({
      script_time: '09:00',
      time_zone: 'Europe/Berlin',
      next: { at: '2026-11-24T08:00:00.000Z', day: '2026-11-24', when: 'tomorrow', time: '09:00' },
      reason: null,
    }),
  );
}
