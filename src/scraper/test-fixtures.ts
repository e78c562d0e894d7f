import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A saved answer from fixtures/, written by hand in the shapes of LINKEDIN.md. */
export function fixture(name: string): string {
  return readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
}

export const FIXTURE_CONTEXT = {
  baseUrl: 'https://www.linkedin.com',
  siteName: 'LinkedIn',
  path: '/jobs-guest/jobs/api/seeMoreJobPostings/search',
};
