import type {
  Distance,
  ExperienceLevel,
  JobType,
  PostedWithin,
  SearchFilters,
  Workplace,
} from '../../../contract/search-filters';
import { EXPERIENCE_LEVEL_LABELS } from '../../../contract/search-filters';

// The words the site's own search page uses for its filters.

export const POSTED_WITHIN_LABELS: Record<PostedWithin, string> = {
  any: 'Any time',
  past_24_hours: 'Past 24 hours',
  past_week: 'Past week',
  past_month: 'Past month',
};
export const WORKPLACE_LABELS: Record<Workplace, string> = {
  on_site: 'On-site',
  remote: 'Remote',
  hybrid: 'Hybrid',
};
export const EXPERIENCE_LABELS: Readonly<Record<ExperienceLevel, string>> = EXPERIENCE_LEVEL_LABELS;
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
  volunteer: 'Volunteer',
  other: 'Other',
};
export const distanceLabel = (miles: Distance | number): string => `${miles} mi`;

/** One short chip text per filter set, in the form's order. */
export function filterChips(filters: SearchFilters): string[] {
  const chips: string[] = [];
  if (filters.posted_within !== 'any') chips.push(POSTED_WITHIN_LABELS[filters.posted_within]);
  for (const w of filters.workplace) chips.push(WORKPLACE_LABELS[w]);
  for (const e of filters.experience) chips.push(EXPERIENCE_LABELS[e]);
  for (const t of filters.job_type) chips.push(JOB_TYPE_LABELS[t]);
  if (filters.easy_apply) chips.push('Easy Apply');
  if (filters.distance !== null) chips.push(`Within ${distanceLabel(filters.distance)}`);
  return chips;
}
