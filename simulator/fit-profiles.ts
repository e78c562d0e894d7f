import type { FitProfileWrite } from '../src/contract/fit';
import { PLACES } from './places';

// Issue 40: the simulator's fit profiles (their truth is in fit-truth.ts).

export const FIT_DOMAINS = ['backend', 'data', 'finance', 'other'] as const;
export type FitDomain = (typeof FIT_DOMAINS)[number];
/** The domains that have a profile ('other' postings fit none: sales, marketing, support). */
export const FIT_PROFILE_KEYS = ['backend', 'data', 'finance'] as const;
export type FitProfileKey = (typeof FIT_PROFILE_KEYS)[number];

export type FitTruth = 'strong' | 'partial' | 'poor';

export interface SimFitProfile {
  key: FitProfileKey;
  /** A body POST /fit-profiles takes as it is. */
  body: FitProfileWrite;
}

/** A place as the typeahead answers it (its id and display name). */
function place(display_name: string): { id: string; display_name: string } {
  const found = PLACES.find((p) => p.displayName === display_name);
  if (!found) throw new Error(`the simulator knows no place ${display_name}`);
  return { id: found.id, display_name };
}

export const FIT_PROFILES: Readonly<Record<FitProfileKey, SimFitProfile>> = {
  backend: {
    key: 'backend',
    body: {
      name: 'Backend engineer, Berlin',
      cv_text:
        'Backend engineer with seven years of experience. Built payment services in TypeScript on Node.js with PostgreSQL, Redis and Kafka, deployed on Kubernetes in AWS with Terraform and Docker. Some Go for internal tools. Mentored two juniors; ran code reviews.',
      must_skills: ['TypeScript', 'PostgreSQL', 'Kubernetes'],
      plus_skills: ['Go', 'Kafka', 'AWS', 'GraphQL'],
      dealbreakers: ['security clearance', 'on-call'],
      seniority: ['mid_senior'],
      years_experience: 6,
      languages: ['en'],
      workplaces: ['remote', 'hybrid'],
      places: [place('Berlin, Germany')],
      salary_floor: { amount: 70_000, currency: 'EUR', period: 'year' },
    },
  },
  data: {
    key: 'data',
    body: {
      name: 'Data scientist, Munich',
      cv_text:
        'Data scientist, three years at an insurer. Python (pandas, scikit-learn, PyTorch), SQL on Snowflake, machine learning models for churn and pricing, A/B testing and statistics. Airflow pipelines; dashboards in Tableau.',
      must_skills: ['Python', 'SQL', 'machine learning'],
      plus_skills: ['PyTorch', 'Spark', 'Airflow'],
      dealbreakers: ['Werkstudent', 'unpaid'],
      seniority: ['associate', 'mid_senior'],
      years_experience: 3,
      languages: ['en', 'de'],
      workplaces: [],
      places: [place('Germany')],
      salary_floor: null,
    },
  },
  finance: {
    key: 'finance',
    body: {
      name: 'Group accounting lead, Hamburg or Frankfurt',
      cv_text:
        'Chartered accountant, eight years in group accounting: IFRS and HGB financial statements, consolidation of 40 entities in SAP S/4HANA, month-end close, audit coordination with the Big Four, reporting in Power BI and Excel.',
      must_skills: ['IFRS', 'SAP', 'consolidation'],
      plus_skills: ['HGB', 'US GAAP', 'Power BI'],
      dealbreakers: ['cold calling', 'business travel'],
      seniority: ['mid_senior', 'director'],
      years_experience: 8,
      languages: ['de', 'en'],
      workplaces: ['hybrid', 'on-site'],
      places: [place('Hamburg, Germany'), place('Frankfurt, Hesse, Germany')],
      salary_floor: { amount: 85_000, currency: 'EUR', period: 'year' },
    },
  },
};

/** The site's seniority criteria, in order. */
export const SITE_LEVELS = [
  'Internship',
  'Entry level',
  'Associate',
  'Mid-Senior level',
  'Director',
  'Executive',
] as const;
/** The profile's level for each of the site's (EXPERIENCE_LEVELS, in the same order). */
export const LEVEL_KEYS = [
  'internship',
  'entry_level',
  'associate',
  'mid_senior',
  'director',
  'executive',
] as const;
