import {
  POSTED_WITHIN_SECONDS,
  type ExperienceLevel,
  type JobType,
  type SearchFilters,
  type Workplace,
} from '../contract/search-filters';

// A query's filters as the guest search's parameters (LINKEDIN.md "Guest job search"). Several
// values of one filter are joined with commas, as the site's own search page sends them.

const WORKPLACE_CODES: Record<Workplace, string> = { on_site: '1', remote: '2', hybrid: '3' };
const EXPERIENCE_CODES: Record<ExperienceLevel, string> = {
  internship: '1',
  entry_level: '2',
  associate: '3',
  mid_senior: '4',
  director: '5',
  executive: '6',
};
const JOB_TYPE_CODES: Record<JobType, string> = {
  full_time: 'F',
  part_time: 'P',
  contract: 'C',
  temporary: 'T',
  internship: 'I',
  volunteer: 'V',
  other: 'O',
};

/** The site's "posted within N seconds" parameter value. */
export const postedWithinParam = (seconds: number): string => `r${Math.max(1, Math.ceil(seconds))}`;

/**
 * The extra guest-search parameters for `filters`. `postedWithinSeconds`, when given, replaces
 * the filters' own "posted within" (an incremental run's window; the caller picks the narrower).
 */
export function guestFilterParams(
  filters: SearchFilters,
  postedWithinSeconds: number | null = POSTED_WITHIN_SECONDS[filters.posted_within],
): Record<string, string> {
  const params: Record<string, string> = {};
  if (postedWithinSeconds !== null) params.f_TPR = postedWithinParam(postedWithinSeconds);
  if (filters.workplace.length > 0)
    params.f_WT = filters.workplace.map((w) => WORKPLACE_CODES[w]).join(',');
  if (filters.experience.length > 0)
    params.f_E = filters.experience.map((e) => EXPERIENCE_CODES[e]).join(',');
  if (filters.job_type.length > 0)
    params.f_JT = filters.job_type.map((t) => JOB_TYPE_CODES[t]).join(',');
  // Public scrapers (JobSpy) send Easy Apply as f_AL=true; the guest search honours it.
  if (filters.easy_apply) params.f_AL = 'true';
  if (filters.distance !== null) params.distance = String(filters.distance);
  return params;
}
