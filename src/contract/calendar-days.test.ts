import { describe, expect, it } from 'vitest';
import { addDays, dayInZone, daysFrom, dayStartInZone } from './calendar-days';

describe('calendar days', () => {
  it('dates an instant in a zone', () => {
    expect(dayInZone(Date.parse('2026-11-02T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-03');
    expect(dayInZone(Date.parse('2026-11-02T23:30:00Z'), 'UTC')).toBe('2026-11-02');
    expect(dayInZone(Date.parse('2026-11-02T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
  });

  it('counts days across months, years and backwards', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-02', -6)).toBe('2026-10-27');
    expect(daysFrom('2026-10-30', '2026-11-02')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(daysFrom('2026-11-03', '2026-11-02')).toEqual([]);
  });

  it('finds the first instant of a day, where clocks move and where midnight is skipped', () => {
    expect(dayStartInZone('2026-11-02', 'UTC')).toBe(Date.parse('2026-11-02T00:00:00Z'));
    expect(dayStartInZone('2026-07-01', 'Europe/Berlin')).toBe(Date.parse('2026-06-30T22:00:00Z'));
    expect(dayStartInZone('2026-03-29', 'Europe/Berlin')).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(dayStartInZone('2026-03-30', 'Europe/Berlin')).toBe(Date.parse('2026-03-29T22:00:00Z'));
    // São Paulo's clocks went from 00:00 to 01:00 on 4 November 2018: the day began at 01:00.
    expect(dayStartInZone('2018-11-04', 'America/Sao_Paulo')).toBe(
      Date.parse('2018-11-04T03:00:00Z'),
    );
    expect(dayStartInZone('2026-11-02', 'Pacific/Kiritimati')).toBe(
      Date.parse('2026-11-01T10:00:00Z'),
    );
  });
});
