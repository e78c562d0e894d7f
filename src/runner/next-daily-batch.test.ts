import { describe, expect, it } from 'vitest';
import { nextDailyBatch, type NextDailyBatchInput } from './daily-schedule';

// When the /batches line says the daily batch starts: the schedule's own rules, over day
// boundaries and daylight saving time.

const BERLIN = 'Europe/Berlin';
const at = (iso: string) => Date.parse(iso);

function next(input: Partial<NextDailyBatchInput> & { now: number }) {
  return nextDailyBatch({
    timeZone: BERLIN,
    scriptTime: '09:00',
    since: 0,
    isClaimed: () => false,
    activeQueries: 3,
    ...input,
  });
}

describe('nextDailyBatch', () => {
  it("is today's time while it is ahead", () => {
    expect(next({ now: at('2026-11-23T06:00:00Z') })).toEqual({
      kind: 'at',
      at: at('2026-11-23T08:00:00Z'),
      day: '2026-11-23',
      when: 'today',
      time: '09:00',
    });
  });

  it("stays today's once its time passed while it has not run (it is due)", () => {
    expect(next({ now: at('2026-11-23T12:00:00Z') })).toMatchObject({
      when: 'today',
      at: at('2026-11-23T08:00:00Z'),
    });
  });

  it("is tomorrow's once today's ran, or when the schedule did not exist yet at today's time", () => {
    const tomorrow = { when: 'tomorrow', day: '2026-11-24', at: at('2026-11-24T08:00:00Z') };
    const claimedToday = (day: string) => day === '2026-11-23';
    expect(next({ now: at('2026-11-23T12:00:00Z'), isClaimed: claimedToday })).toMatchObject(
      tomorrow,
    );
    expect(
      next({ now: at('2026-11-23T12:00:00Z'), since: at('2026-11-23T09:30:00Z') }),
    ).toMatchObject(tomorrow);
  });

  it('counts days in the configured zone, not in UTC', () => {
    // 21:00 on the 23rd in Los Angeles is already the 24th in UTC.
    const now = at('2026-11-24T05:00:00Z');
    const claimed = (day: string) => day === '2026-11-23';
    expect(next({ now, timeZone: 'America/Los_Angeles', isClaimed: claimed })).toMatchObject({
      when: 'tomorrow',
      day: '2026-11-24',
      at: at('2026-11-24T17:00:00Z'),
    });
    // Just before midnight in Berlin, after today's batch: tomorrow morning.
    expect(
      next({ now: at('2026-11-23T22:59:00Z'), isClaimed: (d) => d === '2026-11-23' }),
    ).toMatchObject({ when: 'tomorrow', day: '2026-11-24', time: '09:00' });
  });

  it('keeps the wall-clock time across a change to or from summer time', () => {
    const ranToday = (day: string) => day === '2027-03-27';
    // Summer time starts in Berlin on 28 March 2027: 09:00 is then 07:00 UTC, not 08:00.
    expect(next({ now: at('2027-03-27T10:00:00Z'), isClaimed: ranToday })).toEqual({
      kind: 'at',
      at: at('2027-03-28T07:00:00Z'),
      day: '2027-03-28',
      when: 'tomorrow',
      time: '09:00',
    });
    // And ends on 31 October 2027: 09:00 is 08:00 UTC again.
    expect(
      next({ now: at('2027-10-30T10:00:00Z'), isClaimed: (d) => d === '2027-10-30' }),
    ).toMatchObject({ at: at('2027-10-31T08:00:00Z'), when: 'tomorrow', time: '09:00' });
  });

  it('says none without active queries', () => {
    expect(next({ now: at('2026-11-23T06:00:00Z'), activeQueries: 0 })).toEqual({
      kind: 'none',
      reason: 'no-active-queries',
    });
  });
});
