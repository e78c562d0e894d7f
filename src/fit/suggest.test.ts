import { describe, expect, it } from 'vitest';
import { FIT_PROFILES } from '../../simulator';
import { HIDDEN_CRITERIA, measureSuggestions, storedFitJobs } from '../../test/fit-quality';
import { BUILT_IN_ALIASES } from './aliases';
import { compileProfile, type FitProfileInput } from './compile-profile';
import { logOddsZ, suggestFromTriage, suggestionCounts, type TriageText } from './suggest';

const profile: FitProfileInput = {
  cv_text: '',
  must_skills: ['k8s'],
  plus_skills: [],
  dealbreakers: ['security clearance'],
  seniority: [],
  years_experience: null,
  languages: [],
  workplaces: [],
  places: [],
  salary_floor: null,
};
const compiled = compileProfile(profile, BUILT_IN_ALIASES);

/** Jobs whose i-th has the words of every rule whose test holds for i. */
function jobs(count: number, rules: Array<[(i: number) => boolean, string]>): TriageText[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Engineer ${i}`,
    description: [
      'We build software and you will work with the team on our product.',
      'We run Kubernetes in production.',
      ...rules.filter(([holds]) => holds(i)).map(([, words]) => words),
    ].join('\n'),
  }));
}

describe('suggestFromTriage', () => {
  const saved = jobs(40, [
    [(i) => i < 31, 'You will build event streams with Apache Kafka.'],
    [(i) => i % 2 === 0, 'Remote first.'],
    [(i) => i < 3, 'You join the on-call rotation.'],
  ]);
  const hidden = jobs(120, [
    [(i) => i < 2, 'You will build event streams with Apache Kafka.'],
    [(i) => i % 2 === 0, 'Remote first.'],
    [(i) => i < 60, 'You join the on-call rotation.'],
    [(i) => i < 50, 'An active security clearance is required.'],
  ]);

  it('suggests what saved jobs name far more often as a plus skill, with its counts', () => {
    const result = suggestFromTriage(saved, hidden, compiled);
    const first = result?.plus_skills[0];
    expect(first?.term).toMatch(/Kafka/);
    expect(first && suggestionCounts(first)).toBe('in 31 of 40 saved, 2 of 120 hidden');
  });

  it('suggests what hidden jobs name far more often as a dealbreaker', () => {
    const terms = suggestFromTriage(saved, hidden, compiled)?.dealbreakers.map((s) => s.term) ?? [];
    expect(terms[0]).toMatch(/on-call/);
  });

  it('leaves out what the profile has (by any alias), what both name alike, and stop words', () => {
    const result = suggestFromTriage(saved, hidden, compiled);
    const all = [...(result?.plus_skills ?? []), ...(result?.dealbreakers ?? [])].map((s) =>
      s.term.toLowerCase(),
    );
    expect(all.some((t) => t.includes('kubernetes') || t.includes('clearance'))).toBe(false);
    expect(all.some((t) => t.includes('remote'))).toBe(false);
    expect(all).not.toContain('you');
    expect(all).not.toContain('with');
  });

  it('says nothing with fewer than 20 saved or hidden jobs', () => {
    expect(suggestFromTriage(saved.slice(0, 19), hidden, compiled)).toBeNull();
    expect(suggestFromTriage(saved, hidden.slice(0, 19), compiled)).toBeNull();
  });

  it('ranks by how sure a difference is, not by its size alone', () => {
    // 31 of 40 against 2 of 120 is surer than 2 of 20 against 0 of 120, though both are "never hidden".
    expect(logOddsZ(31, 40, 2, 120)).toBeGreaterThan(logOddsZ(2, 20, 0, 120));
    expect(logOddsZ(10, 40, 30, 120)).toBeCloseTo(0, 5);
    expect(logOddsZ(2, 40, 60, 120)).toBeLessThan(-1.96);
  });

  it('finds at least 3 of an operator’s 5 hidden criteria among the first 10 (simulator)', () => {
    const quality = measureSuggestions(storedFitJobs(4, 800), FIT_PROFILES.backend.body);
    expect(quality.saved).toBeGreaterThanOrEqual(20);
    expect(quality.hidden).toBeGreaterThanOrEqual(20);
    expect(quality.found.length).toBeGreaterThanOrEqual(3);
    expect(HIDDEN_CRITERIA).toHaveLength(5);
  });
});
