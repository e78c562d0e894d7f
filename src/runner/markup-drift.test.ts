import { describe, expect, it } from 'vitest';
import { driftChange, judgeField, type FieldFill, type PastFill } from './markup-drift';

const fill = (rate: number, total = 100): FieldFill => ({
  filled: Math.round(rate * total),
  total,
});
const past = (...rates: number[]): PastFill[] =>
  rates.map((r) => ({ ...fill(r), drifting: false }));

describe('markup drift: a field the site stopped giving', () => {
  it('reads a fall under half of the recent median as drift, and a smaller dip as normal', () => {
    const history = past(0.9, 0.8, 0.85, 0.9, 0.88);
    expect(judgeField(history, fill(0.4))).toEqual({ kind: 'drift', level: 0.88, rate: 0.4 });
    expect(judgeField(history, fill(0.5))).toEqual({ kind: 'ok', level: 0.88, rate: 0.5 });
  });

  it('takes the median of the last seven counting batches only', () => {
    // Three old batches at 10 % would pull a longer median down to where 0.3 looks normal.
    const history = past(0.1, 0.1, 0.1, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7);
    expect(judgeField(history, fill(0.3))).toMatchObject({ kind: 'drift', level: 0.7 });
    // A batch of fewer than 20 jobs neither counts in the history nor is judged.
    const small = [...past(0.6, 0.6, 0.6), { filled: 0, total: 19, drifting: false }];
    expect(judgeField(small, fill(0.55))).toMatchObject({ kind: 'ok', level: 0.6 });
    expect(judgeField(small, { filled: 0, total: 19 })).toEqual({ kind: 'unjudged' });
  });

  it('says nothing without three earlier counting batches', () => {
    expect(judgeField(past(0.9, 0.9), fill(0))).toEqual({ kind: 'unjudged' });
    expect(judgeField(past(0.9, 0.9, 0.9), fill(0))).toMatchObject({ kind: 'drift' });
  });

  it('never reads drift in a field the site mostly does not give (salary in many places)', () => {
    expect(judgeField(past(0.15, 0.18, 0.12), fill(0))).toEqual({ kind: 'not-given', level: 0.15 });
    // At 20 % the field counts as given: a fall to 5 % is drift.
    expect(judgeField(past(0.2, 0.2, 0.2), fill(0.05))).toMatchObject({ kind: 'drift' });
  });

  it('reads a collapse from at least half to at most 5 % as drift', () => {
    expect(judgeField(past(0.5, 0.5, 0.5), fill(0.05))).toMatchObject({ kind: 'drift' });
    expect(judgeField(past(0.5, 0.5, 0.5), fill(0.26))).toMatchObject({ kind: 'ok' });
  });

  it('keeps drifting batches out of the level, so a lasting drift does not become normal', () => {
    const history: PastFill[] = [
      ...past(0.9, 0.9, 0.9),
      ...[0, 0, 0, 0, 0, 0, 0, 0].map((rate) => ({ ...fill(rate), drifting: true })),
    ];
    expect(judgeField(history, fill(0))).toEqual({ kind: 'drift', level: 0.9, rate: 0 });
    expect(judgeField(history, fill(0.85))).toEqual({ kind: 'ok', level: 0.9, rate: 0.85 });
  });

  it('notifies once when a drift starts, not while it lasts, and clears on recovery', () => {
    const drift = { kind: 'drift', level: 0.9, rate: 0 } as const;
    const ok = { kind: 'ok', level: 0.9, rate: 0.9 } as const;
    expect(driftChange(false, drift)).toBe('started');
    expect(driftChange(true, drift)).toBe('continues');
    expect(driftChange(true, { kind: 'unjudged' })).toBe('continues');
    expect(driftChange(true, ok)).toBe('recovered');
    expect(driftChange(false, ok)).toBe('none');
    expect(driftChange(false, { kind: 'unjudged' })).toBe('none');
  });
});
