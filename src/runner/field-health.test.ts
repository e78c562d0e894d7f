import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { BERLIN, seedQueries, startRunnerFixture, type RunnerFixture } from './runner-test-kit';

// Issue 32's markup drift against the simulated site: a field the site stops giving (the
// dropped-field fault) shows in the batch's stored fills, starts a drift once, and clears when
// the site gives it again (docs/decisions/054).

let sim: Simulator;
let fx: RunnerFixture;
beforeEach(async () => {
  sim = await startSimulator({ jobCount: 3000, jobsPerQuery: 400, dailyGrowth: 0.5 });
  fx = await startRunnerFixture(sim.url, { now: () => sim.clock.now() });
  seedQueries(fx.database, [{ jobTitle: 'engineer', ...BERLIN }]);
});
afterEach(async () => {
  await fx.close();
  await sim.close();
});

const fillRow = z.object({
  field: z.string(),
  filled: z.number(),
  total: z.number(),
  verdict: z.string(),
  drifting: z.number(),
});
const fillsOf = (batchId: number) =>
  new Map(
    fx.database.sqlite
      .prepare('SELECT * FROM batch_field_fills WHERE batch_id = ?')
      .all(batchId)
      .map((raw) => fillRow.parse(raw))
      .map((row) => [row.field, row]),
  );

const rateOf = (row: { filled: number; total: number } | undefined) =>
  (row?.filled ?? 0) / (row?.total ?? 1);
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function nextDay(): Promise<{ batchId: number; drift: unknown }> {
  sim.clock.advanceDays(1);
  const result = await fx.runner.start('daily');
  if (!result.claimed) throw new Error(`batch not started: ${result.reason}`);
  await fx.runner.idle();
  const status = z
    .object({ status: z.string() })
    .parse(
      fx.database.sqlite.prepare('SELECT status FROM batches WHERE id = ?').get(result.batch.id),
    );
  expect(status.status).toBe('completed');
  return { batchId: result.batch.id, drift: fx.finished.at(-1)?.drift };
}

describe('markup drift through the simulated site', () => {
  it('stores each field’s fill, starts a drift once when the site drops a field, and clears it on recovery', async () => {
    const healthy = [];
    for (let day = 0; day < 4; day += 1) healthy.push(await nextDay());
    const first = fillsOf(healthy[0]?.batchId ?? 0);
    expect([...first.keys()].sort()).toEqual([
      'applicants',
      'company_id',
      'description',
      'employment_type',
      'location',
      'posted_at',
      'salary',
      'seniority',
    ]);
    for (const { batchId } of healthy) {
      const salary = fillsOf(batchId).get('salary');
      expect(salary?.total).toBeGreaterThanOrEqual(20);
      expect((salary?.filled ?? 0) / (salary?.total ?? 1)).toBeGreaterThan(0.2);
      expect(salary?.drifting).toBe(0);
    }
    // The count matches what the batch's new jobs hold.
    const last = healthy.at(-1)?.batchId ?? 0;
    const held = z
      .object({ n: z.number(), s: z.number() })
      .parse(
        fx.database.sqlite
          .prepare(
            `SELECT COUNT(*) AS n, SUM(salary IS NOT NULL AND salary <> '') AS s FROM jobs WHERE first_seen_batch_id = ?`,
          )
          .get(last),
      );
    expect(fillsOf(last).get('salary')).toMatchObject({ total: held.n, filled: held.s });

    sim.faults.dropField('salary');
    const dropped = await nextDay();
    expect(fillsOf(dropped.batchId).get('salary')).toMatchObject({
      filled: 0,
      verdict: 'drift',
      drifting: 1,
    });
    expect(fillsOf(dropped.batchId).get('location')).toMatchObject({ verdict: 'ok', drifting: 0 });
    const salary = fillsOf(dropped.batchId).get('salary');
    expect(dropped.drift).toEqual([
      {
        field: 'salary',
        change: 'started',
        filled: 0,
        total: salary?.total,
        rate: 0,
        // The median of the healthy batches' rates: what the message calls its usual level.
        level: expect.closeTo(
          median(healthy.map(({ batchId }) => rateOf(fillsOf(batchId).get('salary')))),
          10,
        ),
      },
    ]);

    const still = await nextDay();
    expect(fillsOf(still.batchId).get('salary')).toMatchObject({ verdict: 'drift', drifting: 1 });
    expect(still.drift).toEqual([]);

    sim.faults.clear();
    const recovered = await nextDay();
    expect(fillsOf(recovered.batchId).get('salary')).toMatchObject({ verdict: 'ok', drifting: 0 });
    expect(recovered.drift).toEqual([{ field: 'salary', change: 'recovered' }]);
  }, 120_000);
});
