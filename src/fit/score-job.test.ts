import { describe, expect, it } from 'vitest';
import { FIT_DEALBREAKER_CAP, FIT_LANGUAGE_MISS_CAP, type FitPart } from '../contract/fit';
import { BUILT_IN_ALIASES } from './aliases';
import { compileProfile, type FitProfileInput } from './compile-profile';
import type { FitJobInput } from './read-job';
import { scoreJob } from './score-job';

const profile: FitProfileInput = {
  cv_text:
    'Backend engineer: TypeScript, Node.js, PostgreSQL, Kubernetes, Kafka, Terraform and AWS.',
  must_skills: ['TypeScript', 'PostgreSQL', 'k8s'],
  plus_skills: ['Go', 'Kafka'],
  dealbreakers: ['security clearance'],
  seniority: ['mid_senior'],
  years_experience: 7,
  languages: ['en'],
  workplaces: ['remote', 'hybrid'],
  places: [{ id: '103035651', display_name: 'Berlin, Germany' }],
  salary_floor: { amount: 70_000, currency: 'EUR', period: 'year' },
};
const compiled = compileProfile(profile, BUILT_IN_ALIASES);

const job = (over: Partial<FitJobInput> = {}): FitJobInput => ({
  title: 'Senior Backend Engineer (TypeScript)',
  company: 'Acme GmbH',
  location: 'Berlin, Berlin, Germany',
  workplace: null,
  salary: '€75,000.00/yr - €95,000.00/yr',
  seniority: 'Mid-Senior level',
  employmentType: 'Full-time',
  description: [
    'About us',
    'We build payment software. Our stack: TypeScript, Node.js, Postgres and Kubernetes on AWS.',
    'What we look for',
    '- 5+ years of experience building backend services',
    '- Fluent English; German is a plus',
    '- Experience with golang or Kafka is a bonus',
    '- No security clearance required',
    'This is a hybrid role with two days in the office in Berlin.',
  ].join('\n'),
  ...over,
});

const part = (parts: FitPart[], kind: FitPart['kind'], label?: string): FitPart => {
  const found = parts.find(
    (p) => p.kind === kind && (label === undefined || p.label.includes(label)),
  );
  if (!found) throw new Error(`no ${kind} part ${label ?? ''}`);
  return found;
};
const marked = (p: FitPart): string[] =>
  p.evidence.flatMap((e) => e.marks.map(([a, b]) => e.text.slice(a, b)));

describe('scoreJob', () => {
  it('scores a job that has everything as Strong, each part with its evidence', () => {
    const fit = scoreJob(compiled, job());
    expect(fit.band).toBe('strong');
    expect(fit.dealbreaker).toBe(false);
    expect(fit.score).toBeGreaterThanOrEqual(90);
    expect(marked(part(fit.parts, 'must_skill', 'k8s'))).toEqual(['Kubernetes']);
    expect(marked(part(fit.parts, 'must_skill', 'PostgreSQL'))).toEqual(['Postgres']);
    expect(marked(part(fit.parts, 'plus_skill', 'Go'))).toEqual(['golang']);
    expect(part(fit.parts, 'years').label).toBe('5+ years asked; you have 7');
    expect(part(fit.parts, 'language').outcome).toBe('yes');
    expect(part(fit.parts, 'workplace').evidence[0]?.text).toContain('hybrid role');
    expect(part(fit.parts, 'salary').label).toBe(
      'Pays EUR 85,000 a year; your floor is EUR 70,000 a year',
    );
    // "No security clearance required" is no dealbreaker, and the sentence says why.
    const deal = part(fit.parts, 'dealbreaker');
    expect(deal.outcome).toBe('no');
    expect(marked(deal)).toEqual(['security clearance']);
    // The weights that apply add up to 100 and the points to the score.
    const sum = (key: 'weight' | 'points'): number => fit.parts.reduce((acc, p) => acc + p[key], 0);
    expect(sum('weight')).toBeCloseTo(100, 0);
    expect(Math.round(sum('points'))).toBe(fit.score);
  });

  it('caps a dealbreaker in Poor', () => {
    const fit = scoreJob(
      compiled,
      job({ description: `${job().description}\nAn active security clearance is mandatory.` }),
    );
    expect(fit.dealbreaker).toBe(true);
    expect(fit.score).toBe(FIT_DEALBREAKER_CAP);
    expect(fit.band).toBe('poor');
    expect(marked(part(fit.parts, 'dealbreaker'))).toEqual(['security clearance']);
  });

  it('caps a language asked and not spoken at the top of Weak', () => {
    const fit = scoreJob(
      compiled,
      job({ description: job().description?.replace('German is a plus', 'fluent German') ?? null }),
    );
    expect(fit.score).toBe(FIT_LANGUAGE_MISS_CAP);
    expect(part(fit.parts, 'language').label).toContain('you do not speak German');
  });

  it('scores a card from what it shows, the rest unknown at half its weight', () => {
    const fit = scoreJob(compiled, job({ description: null, salary: null, seniority: null }));
    expect(part(fit.parts, 'must_skill', 'TypeScript').outcome).toBe('yes');
    expect(part(fit.parts, 'must_skill', 'k8s').outcome).toBe('unknown');
    const salary = part(fit.parts, 'salary');
    expect([salary.outcome, salary.points * 2]).toEqual(['unknown', salary.weight]);
    expect(part(fit.parts, 'seniority').label).toBe('Mid-Senior level; you want Mid-Senior level');
    expect(fit.band).toBe('good');
  });

  it('scores missing skills, other places and low pay down', () => {
    const fit = scoreJob(
      compiled,
      job({
        title: 'Java Developer',
        location: 'Paris, Île-de-France, France',
        salary: '€40,000.00/yr - €50,000.00/yr',
        description:
          'You will build services in Java and Oracle. On-site in Paris. Fluent English.',
      }),
    );
    expect(fit.band).toBe('poor');
    expect(part(fit.parts, 'must_skill', 'TypeScript').outcome).toBe('no');
    expect(part(fit.parts, 'place').outcome).toBe('no');
    expect(part(fit.parts, 'workplace').outcome).toBe('no');
    expect(part(fit.parts, 'salary').outcome).toBe('no');
  });

  it('leaves a salary in another currency unknown', () => {
    const fit = scoreJob(compiled, job({ salary: '$120,000.00/yr - $150,000.00/yr' }));
    expect(part(fit.parts, 'salary')).toMatchObject({
      outcome: 'unknown',
      label: 'Pays USD 135,000 a year; your floor is in EUR, not compared',
    });
  });

  it('reads German descriptions and German requirements', () => {
    const german = compileProfile({ ...profile, languages: ['en', 'de'] }, BUILT_IN_ALIASES);
    const fit = scoreJob(
      german,
      job({
        title: 'Backend-Entwickler (m/w/d)',
        description:
          'Wir suchen Sie für die Entwicklung unserer Plattform mit TypeScript, PostgreSQL und Kubernetes.\nMindestens 3 Jahre Berufserfahrung.\nSehr gute Deutschkenntnisse.\nHybrides Arbeiten in Berlin.',
      }),
    );
    expect(part(fit.parts, 'years').label).toBe('3+ years asked; you have 7');
    expect(part(fit.parts, 'language').label).toContain('German');
    expect(part(fit.parts, 'language').outcome).toBe('yes');
    expect(part(fit.parts, 'workplace').outcome).toBe('yes');
    expect(fit.parts.filter((p) => p.kind === 'must_skill').every((p) => p.outcome === 'yes')).toBe(
      true,
    );
  });

  it('does not take the verb go for the language Go', () => {
    const fit = scoreJob(
      compiled,
      job({ description: 'You go above and beyond with TypeScript.' }),
    );
    expect(part(fit.parts, 'plus_skill', 'Go').outcome).toBe('no');
  });

  it('gives the same parts for the same job and profile', () => {
    expect(scoreJob(compiled, job())).toEqual(
      scoreJob(compileProfile(profile, BUILT_IN_ALIASES), job()),
    );
  });

  it('scores one input against several profiles as it scores each alone, in either order', () => {
    // The words are cut once per input and shared by the profiles (src/fit/read-job.ts).
    const other = compileProfile(
      { ...profile, must_skills: ['Go', 'Rust'], plus_skills: [], languages: ['de'] },
      BUILT_IN_ALIASES,
    );
    const shared = job();
    const first = [scoreJob(compiled, shared), scoreJob(other, shared)];
    const again = [scoreJob(other, shared), scoreJob(compiled, shared)].reverse();
    expect(first).toEqual([scoreJob(compiled, job()), scoreJob(other, job())]);
    expect(again).toEqual(first);
    expect(first[0]?.score).not.toBe(first[1]?.score);
    // An input changed after it was scored is cut again, not read from before.
    shared.description = 'We hire a Rust and Go engineer who speaks German.';
    expect(scoreJob(other, shared)).toEqual(
      scoreJob(other, job({ description: shared.description })),
    );
  });

  it('scores an empty profile 50 with no parts', () => {
    const empty = compileProfile(
      {
        ...profile,
        cv_text: '',
        must_skills: [],
        plus_skills: [],
        dealbreakers: [],
        seniority: [],
        years_experience: null,
        languages: [],
        workplaces: [],
        places: [],
        salary_floor: null,
      },
      BUILT_IN_ALIASES,
    );
    expect(scoreJob(empty, job())).toEqual({
      score: 50,
      band: 'weak',
      dealbreaker: false,
      parts: [],
    });
  });
});
