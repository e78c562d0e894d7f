import { expect } from 'vitest';
import { fitProfileSchema, type FitProfile } from '../../contract/fit';
import type { TestServer } from '../test-harness';

// What the fit API tests share: a profile body the operator could write, and making one through
// the API as the screen does.

/** A backend profile: skills, a dealbreaker, a level, languages, a workplace and a pay floor. */
export const BACKEND_BODY = {
  name: 'Backend',
  cv_text: 'Backend engineer: TypeScript, Node.js, PostgreSQL and Kubernetes for eight years.',
  must_skills: ['TypeScript', 'PostgreSQL'],
  plus_skills: ['Kubernetes', 'Terraform'],
  dealbreakers: ['security clearance'],
  seniority: ['mid_senior'],
  years_experience: 8,
  languages: ['en'],
  workplaces: ['remote'],
  places: [],
  salary_floor: { amount: 70_000, currency: 'EUR', period: 'year' },
} as const;

/** POST /fit-profiles with `body`; the answer, checked to be a 201 and a profile. */
export async function makeProfile(server: TestServer, body: object): Promise<FitProfile> {
  const res = await server.authed({ method: 'POST', url: '/api/v1/fit-profiles', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return fitProfileSchema.parse(res.json());
}
