import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dailyScheduleSchema } from '../../contract';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// GET /schedule: the next daily batch as the /batches line shows it (issue 12).

let server: TestServer;
beforeEach(async () => {
  // The harness's clock: 2026-11-02T08:00Z, 09:00 in Berlin.
  server = await startTestServer({ TZ: 'Europe/Berlin' });
});
afterEach(async () => {
  await server.close();
});

async function schedule() {
  const res = await server.authed({ method: 'GET', url: '/api/v1/schedule' });
  expect(res.statusCode, res.body).toBe(200);
  return dailyScheduleSchema.parse(res.json());
}

describe('GET /schedule', () => {
  it('says none while no query is active', async () => {
    expect(await schedule()).toEqual({
      script_time: '09:00',
      time_zone: 'Europe/Berlin',
      next: null,
      reason: 'no-active-queries',
    });
  });

  it("follows script_time and today's daily batch", async () => {
    seedQueries(server.database, [{ jobTitle: 'python developer', ...BERLIN }]);
    // The schedule claimed 2 November's batch when the server started at 09:00; the night after:
    server.advance(18 * 3_600_000);
    const saved = await server.authed({
      method: 'POST',
      url: '/api/v1/settings',
      payload: { cookies: '', script_time: '10:30' },
    });
    expect(saved.statusCode).toBeLessThan(300);
    expect((await schedule()).next).toEqual({
      at: '2026-11-03T09:30:00.000Z',
      day: '2026-11-03',
      when: 'today',
      time: '10:30',
    });
    // Today's daily batch has run: the next is tomorrow's.
    server.database.sqlite
      .prepare(
        "INSERT INTO batches (kind, status, started_at, daily_date) VALUES ('daily', 'completed', ?, '2026-11-03')",
      )
      .run(Date.parse('2026-11-03T09:30:00Z'));
    server.advance(8 * 3_600_000);
    expect(await schedule()).toMatchObject({
      script_time: '10:30',
      next: { day: '2026-11-04', when: 'tomorrow', time: '10:30' },
      reason: null,
    });
  });

  it('needs a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/schedule' });
    expect(res.statusCode).toBe(401);
  });
});
