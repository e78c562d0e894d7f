/** The workplace words a job's stored data can tell (docs/decisions/013). */
export const JOB_WORKPLACES = ['remote', 'hybrid', 'on-site'] as const;
export type JobWorkplace = (typeof JOB_WORKPLACES)[number];
/** The words the screens show for them (the Jobs filters, a fit profile's workplaces). */
export const JOB_WORKPLACE_LABELS: Readonly<Record<JobWorkplace, string>> = {
  remote: 'Remote',
  hybrid: 'Hybrid',
  'on-site': 'On-site',
};
/** Where a job is done, when the site's words say so. */
export type WorkplaceWord = JobWorkplace;

const WORD = /\b(hybrid|remote|on[- ]?site)\b/i;
// A title says it only in a marked-off part, "Data Engineer (Remote)" or "Analyst - Hybrid":
// "Remote Sensing Engineer" is about the work, not the place.
const TITLE_PART = /\(([^)]*)\)|[-–|]\s*([^-–|]+)$/g;

function word(text: string): WorkplaceWord | null {
  const match = WORD.exec(text)?.[1]?.toLowerCase();
  if (!match) return null;
  return match === 'hybrid' || match === 'remote' ? match : 'on-site';
}

/**
 * The workplace a job's location ("Germany (Remote)", "Hybrid") or its title tells; null when
 * neither says. The site's own classification, when a search filtered on it, is better still
 * (see the runner), so this is the fallback.
 */
export function workplaceFromText(location: string | null, title: string): WorkplaceWord | null {
  const fromLocation = location ? word(location) : null;
  if (fromLocation) return fromLocation;
  for (const part of title.matchAll(TITLE_PART)) {
    const found = word(part[1] ?? part[2] ?? '');
    if (found) return found;
  }
  return null;
}

/** The guest search's `f_WT` codes (LINKEDIN.md). */
export const WORKPLACE_BY_SITE_CODE: Readonly<Record<string, WorkplaceWord>> = {
  '1': 'on-site',
  '2': 'remote',
  '3': 'hybrid',
};
