import type { Page } from '@playwright/test';
import { batchListSchema } from '../src/contract/batches';
import { jobListSchema, type JobState } from '../src/contract/jobs';
import { locationSuggestionListSchema } from '../src/contract/locations';
import type { ApplicationStage } from '../src/contract/pipeline';
import type { QueryWrite } from '../src/contract/queries';
import type { RuleWriteInput } from '../src/contract/rules';
import type { FitProfileWrite } from '../src/contract/fit';
import { VALID_COOKIES, type FeaturedPosting, type Simulator } from '../simulator';
import { FIT_PROFILES } from '../simulator/fit-profiles';

// The simulated site's signed-in (AI) search, as LINKEDIN.md describes it.
const AI_SEARCH_PATH = '/flagship-web/jobs/search-results';

/** A screen of the dashboard, as the phone-and-dark test and the screenshots visit it. */
export interface ShowcaseScreen {
  /** File-name part of its screenshots: docs/screenshots/{name}-{theme}-{width}.png. */
  name: string;
  path: string;
  /** Its h1, seen once the screen has rendered. */
  heading: string;
  /** Shown signed out (the sign-in page); every other screen is signed in. */
  signedOut?: true;
}

/** Every screen, in the navigation's order. A new screen is one more line here. */
export const SHOWCASE_SCREENS: readonly ShowcaseScreen[] = [
  { name: 'sign-in', path: '/sign-in', heading: 'Sign in to LinkedIn Dashboard', signedOut: true },
  { name: 'jobs', path: '/jobs', heading: 'Jobs' },
  { name: 'pipeline', path: '/pipeline', heading: 'Pipeline' },
  { name: 'rules', path: '/jobs/rules', heading: 'Rules' },
  { name: 'fit', path: '/jobs/fit', heading: 'Fit' },
  { name: 'query-runs', path: '/query-runs', heading: 'Query Runs' },
  { name: 'batches', path: '/batches', heading: 'Batches' },
  { name: 'queries', path: '/queries', heading: 'Queries' },
  { name: 'companies', path: '/companies', heading: 'Companies Management' },
  { name: 'settings', path: '/settings', heading: 'Settings' },
];

/** A rule set an operator might keep (issue 17): every action, colours, an exception, a phrase. */
export const SHOWCASE_RULES: readonly RuleWriteInput[] = [
  {
    name: 'No senior roles',
    conditions: [
      { field: 'title', value: 'senior' },
      { field: 'title', value: 'principal' },
    ],
    // Remote roles pass: the worst posting, a senior role, stays on the Jobs screen it showcases.
    exceptions: [
      { field: 'title', value: '"working student"' },
      { field: 'title', value: 'remote' },
    ],
    action: 'hide',
  },
  {
    name: 'Python',
    conditions: [{ field: 'description', value: 'python' }],
    action: 'flag',
    color: 'green',
  },
  {
    name: 'Junior roles',
    conditions: [{ field: 'title', value: 'junior' }],
    action: 'flag',
    color: 'amber',
  },
  {
    name: 'Agencies',
    conditions: [
      { field: 'company', value: 'recruit*' },
      { field: 'company', value: 'staffing' },
    ],
    action: 'mute',
    enabled: false,
  },
];

export const DESKTOP_VIEWPORT = { width: 1440, height: 900 } as const;
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** Opens a screen and waits until its data has loaded: no skeleton rows, nothing busy. */
export async function openScreen(page: Page, baseUrl: string, screen: ShowcaseScreen) {
  await page.goto(`${baseUrl}${screen.path}`);
  await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-testid="skeleton-row"], [aria-busy="true"]').length === 0,
  );
}

/**
 * The worst real data, on the site ahead of every search's results (issue 19): the longest
 * titles, an unbroken one, formula-like ones, non-Latin and very long company names, and every
 * badge at once ("new" and Easy Apply on one job, Saved and Applied with Easy Apply on others).
 * `state` is the triage state the seeding gives the job afterwards.
 */
export const WORST_POSTINGS: readonly (FeaturedPosting & { state?: JobState })[] = [
  {
    title:
      'Senior Staff Software Engineer, Distributed Data Platform & Developer Productivity Infrastructure (Remote, EMEA)',
    companyName: 'Northwind Global Logistics & Supply Chain Solutions GmbH & Co. KG',
    place: 'Berlin, Germany',
    hoursAgo: 2,
    easyApply: true,
    salary: '€95,000.00/yr - €145,000.00/yr',
    applicantsText: 'Be among the first 25 applicants',
    workplace: 'remote',
  },
  {
    title: '=SUM(A1:A2) Data Analyst',
    companyName: '株式会社サクラテック・グローバルデータソリューションズ',
    place: 'Tokyo, Japan',
    hoursAgo: 4,
    easyApply: true,
    salary: '¥6.5M/yr - ¥9M/yr',
    applicantsText: 'Over 200 applicants',
    workplace: 'hybrid',
  },
  {
    title:
      'データサイエンティスト（機械学習・大規模言語モデル・推薦システム）シニアリードエンジニア',
    companyName: '深圳市腾飞数据科技有限公司',
    place: 'Tokyo, Japan',
    hoursAgo: 6,
    easyApply: true,
    applicantsText: '87 applicants',
  },
  {
    title:
      'Fachinformatiker für Anwendungsentwicklung – Schwerpunkt Cloud-Infrastruktur, Datenbankadministration und Prozessautomatisierung (m/w/d)',
    companyName: 'Überseehandelsgesellschaft Müller-Lüdenscheidt mbH',
    place: 'Berlin, Germany',
    hoursAgo: 30,
    easyApply: true,
    salary: '€52,000.00/yr - €68,000.00/yr',
    applicantsText: '143 applicants',
    state: 'saved',
  },
  {
    title: '=HYPERLINK("https://example.com/careers/data-platform-engineering-team")Data_Engineer',
    companyName: 'شركة البيانات المتقدمة للحلول الرقمية',
    place: 'London, England, United Kingdom',
    hoursAgo: 54,
    easyApply: true,
    salary: '£70,000.00/yr - £95,000.00/yr',
    applicantsText: 'Over 200 applicants',
    workplace: 'remote',
    state: 'applied',
  },
];

/**
 * Issue 40: the showcase's fit profiles, made before the batch so that it scores each job as it
 * stores it: the simulator's data profile under a long, mixed-script name (the default), and its
 * backend profile beside it, so the Fit screen lists two and Why this fit compares them.
 */
export const SHOWCASE_FIT_PROFILES: readonly FitProfileWrite[] = [
  {
    ...FIT_PROFILES.data.body,
    name: 'Data analyst or scientist – Berlin, remote · データ分析 · تحليل البيانات',
    must_skills: ['SQL', 'Python'],
    plus_skills: ['Tableau', 'machine learning', 'dbt', 'Airflow'],
  },
  FIT_PROFILES.backend.body,
];

/** The worst postings the seeding takes past Applied on the Pipeline (issue 33). */
const SHOWCASE_APPLICATIONS: readonly {
  title: string | null;
  stage: ApplicationStage;
  since: number;
  step: { inDays: number; what: string };
}[] = [
  {
    // Applied already by the triage above: moved on.
    title: WORST_POSTINGS[4]?.title ?? '',
    stage: 'interviewing',
    since: 3,
    step: { inDays: 1, what: 'Second-round system design interview with the platform team' },
  },
  {
    title: WORST_POSTINGS[1]?.title ?? '',
    stage: 'screening',
    since: 9,
    step: { inDays: -1, what: 'Follow up' },
  },
  {
    // Another of the batch's jobs (null): the other worst postings stay new for their badge.
    title: null,
    stage: 'offer',
    since: 1,
    step: { inDays: 4, what: '条件面談（オファー内容の確認）' },
  },
];

/** The showcase's last query: a batch runs it last, and it finds WORST_POSTINGS. */
const LAST_QUERY = '=SUM(A1:A2) Data Analyst';

/**
 * Fills a fresh server with what every screen shows when in use: saved cookies, two fit profiles
 * (issue 40), five queries (one with filters, one AI, one paused, one formula-like that finds
 * WORST_POSTINGS), a completed batch with its query runs (the AI one failed: the simulated site changed its markup, so the
 * screens show a failure and its reason), and two blocked companies. Used by the phone-and-dark
 * browser test and by `npm run screenshots`, so both look at the same, realistic screens.
 */
export async function seedShowcase(
  serverUrl: string,
  token: string,
  simulator: Simulator,
): Promise<void> {
  const call = async (method: string, pathname: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${serverUrl}/api/v1${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}`);
    return json;
  };
  const placeId = async (name: string): Promise<number> => {
    const hits = locationSuggestionListSchema.parse(
      await call('GET', `/locations/typeahead?query=${encodeURIComponent(name)}`),
    );
    const first = hits[0];
    if (!first) throw new Error(`the simulated typeahead knows no ${name}`);
    return Number(first.id);
  };

  await call('POST', '/settings', { cookies: VALID_COOKIES, script_time: '09:00' });
  // Issue 18: the API tokens card with both scopes, an expiry and a long non-Latin name.
  await call('POST', '/api-tokens', {
    name: 'Grafana – 監視ダッシュボード für das ganze Team, nur lesen',
    scope: 'read-only',
  });
  await call('POST', '/api-tokens', {
    name: 'n8n morning pull',
    scope: 'read-write',
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  const queries: (Omit<QueryWrite, 'location_id'> & { place: string })[] = [
    {
      job_title: 'Data Analyst',
      place: 'Berlin',
      status: 'active',
      is_ai: false,
      filters: { posted_within: 'past_week', workplace: ['remote', 'hybrid'] },
    },
    { job_title: 'Software Engineer', place: 'New York', status: 'active', is_ai: false },
    {
      job_title: 'Data scientist working on climate models',
      place: 'London',
      status: 'active',
      is_ai: true,
    },
    { job_title: 'Product Manager', place: 'London', status: 'inactive', is_ai: false },
    // A term a spreadsheet would read as a formula, on Queries, Query Runs and under each job.
    { job_title: LAST_QUERY, place: 'Tokyo', status: 'active', is_ai: false },
  ];
  for (const { place, ...query } of queries) {
    await call('POST', '/queries', { ...query, location_id: await placeId(place) });
  }

  // Issue 17's rules, one of each kind, before the batch: it hides, flags and mutes as it stores.
  for (const rule of SHOWCASE_RULES) await call('POST', '/rules', rule);
  for (const profile of SHOWCASE_FIT_PROFILES) await call('POST', '/fit-profiles', profile);

  // Found by the last query the batch runs, the worst postings are the newest jobs: the first
  // the Jobs screen shows.
  for (const posting of WORST_POSTINGS) simulator.feature({ ...posting, keywords: LAST_QUERY });
  simulator.faults.changedMarkup({ pathPrefix: AI_SEARCH_PATH });
  await call('POST', '/batches');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const batches = batchListSchema.parse(await call('GET', '/batches'));
    if (batches.every((b) => b.status === 'completed' || b.status === 'failed')) break;
    if (Date.now() > deadline) throw new Error('the showcase batch did not finish within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  simulator.faults.clear();

  const { items } = jobListSchema.parse(await call('GET', '/jobs?limit=100'));
  for (const { title, state } of WORST_POSTINGS) {
    const job = items.find((j) => j.title === title);
    if (!job) throw new Error(`the showcase batch did not find "${title}"`);
    if (state) await call('PATCH', `/jobs/${job.id}`, { state });
  }
  // Issue 33: the pipeline past "applied", with the worst postings' long and non-Latin names in
  // its later stages, a next step on each (one overdue), notes with a link and a formula, a contact.
  const day = 86_400_000;
  for (const { title, stage, since, step } of SHOWCASE_APPLICATIONS) {
    const job = items.find((j) =>
      title === null
        ? j.state === 'new' && !WORST_POSTINGS.some((p) => p.title === j.title)
        : j.title === title,
    );
    if (!job) throw new Error(`the showcase batch did not find "${title ?? 'another job'}"`);
    const at = new Date(Date.now() - since * day).toISOString();
    const triaged = WORST_POSTINGS.find((p) => p.title === title)?.state;
    if (triaged === 'applied') await call('PATCH', `/applications/${job.id}`, { stage, at });
    else await call('POST', '/applications', { job_id: job.id, stage, at });
    await call('PATCH', `/applications/${job.id}`, {
      next_step: { at: new Date(Date.now() + step.inDays * day).toISOString(), what: step.what },
      notes: `Recruiter: https://example.com/recruiting/${job.id}\n=HYPERLINK("https://evil.example")`,
      reference: `REQ-${job.id}`,
      salary_asked: '€120,000',
    });
    await call('POST', `/applications/${job.id}/contacts`, {
      name: 'Åsa Lindqvist-Müller',
      role: 'Talent Partner',
      email: 'asa@example.com',
    });
  }

  for (const company of simulator.catalogue.companies.slice(3, 5)) {
    await call('POST', `/companies/${company.id}/ban`);
  }
}
