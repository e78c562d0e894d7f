import { describe, expect, it } from 'vitest';
import { stageAfterTriage } from './update-job-state';

// The stage a row shows right after triage, until the list comes back (decision 056's rules).
describe('stageAfterTriage', () => {
  it('takes a job off the board on new, seen and hidden', () => {
    for (const state of ['new', 'seen', 'hidden'] as const) {
      expect(stageAfterTriage('interviewing', state)).toBeNull();
      expect(stageAfterTriage(null, state)).toBeNull();
    }
  });

  it('puts a job on at saved or applied, moves Saved on with applied, never moves one back', () => {
    expect(stageAfterTriage(null, 'saved')).toBe('saved');
    expect(stageAfterTriage(undefined, 'applied')).toBe('applied');
    expect(stageAfterTriage('saved', 'applied')).toBe('applied');
    expect(stageAfterTriage('applied', 'saved')).toBe('applied');
    expect(stageAfterTriage('interviewing', 'saved')).toBe('interviewing');
    expect(stageAfterTriage('rejected', 'applied')).toBe('rejected');
  });
});
