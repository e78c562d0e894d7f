import type { AnyNode, Element } from 'domhandler';
import { attr, field, innerHtml, parseHtml, pick, pickAll, type FieldSelectors } from './html-dom';
import { blockText, inlineText } from './html-text';
import { canonicalJobUrl, companySlugFromLink } from './job-url';
import { readJobFacts } from './parse-job-facts';
import type { ParseContext } from './parse-search-cards';
import { applicantsCount } from '../contract/salary-figures';
import { SiteError } from './site-error';
import type { JobDetails } from './types';

const CRITERIA: Record<string, 'seniority' | 'employmentType' | 'jobFunction' | 'industries'> = {
  'seniority level': 'seniority',
  'employment type': 'employmentType',
  'job function': 'jobFunction',
  industries: 'industries',
};

// Each field: the guest fragment's and the whole /jobs/view/{id} page's markup first (the
// page's title is an h1, the fragment's an h2), then the older shapes (`topcard__*`,
// `job-criteria__*`, `description__text`) public scrapers of the site document.
const FIELDS = {
  title: field('h2.top-card-layout__title', 'h1.top-card-layout__title', '.topcard__title'),
  description: field('div.show-more-less-html__markup', '.description__text--rich'),
  orgLink: field(
    'a.topcard__org-name-link',
    'a[data-tracking-control-name="public_jobs_topcard-org-name"]',
    '.topcard__flavor a[href*="/company/"]',
  ),
  // The applicants caption may carry the bullet class too, so it is not taken for the location.
  location: field(
    'span.topcard__flavor--bullet:not(.num-applicants__caption)',
    '.topcard__flavor--bullet:not(.num-applicants__caption):not(.num-applicants__figure)',
  ),
  posted: field('span.posted-time-ago__text', '.posted-time-ago__text'),
  applicants: field('.num-applicants__caption', '.num-applicants__figure'),
  salary: field('.compensation__salary', '.salary.compensation__salary'),
  criteriaItem: field('li.description__job-criteria-item', 'li.job-criteria__item'),
  criteriaLabel: field('h3.description__job-criteria-subheader', '.job-criteria__subheader'),
  criteriaText: field('span.description__job-criteria-text', '.job-criteria__text'),
  easyApply: field(
    '[data-tracking-control-name="public_jobs_apply-link-onsite"]',
    '[data-tracking-control-name="public_jobs_topcard-apply-link-onsite"]',
  ),
  flavorRow: field('.topcard__flavor-row'),
  plainCompany: field('.topcard__flavor:not(.topcard__flavor--bullet)'),
} satisfies Record<string, FieldSelectors>;

/** 200 for "Over 200 applicants", 25 for "Be among the first 25 applicants" (src/contract). */
export const applicantsNumber = applicantsCount;

function companyName(root: AnyNode[], orgLink: Element | null): string | null {
  if (orgLink) return inlineText(orgLink) || null;
  // Without a company page the name is plain text in the first non-bullet flavor span.
  for (const row of pickAll(root, FIELDS.flavorRow)) {
    const span = pick(row, FIELDS.plainCompany);
    if (span) return inlineText(span) || null;
  }
  return null;
}

/**
 * The guest job details fragment, or the whole public job page (/jobs/view/{id}). Title and
 * description are required: without them the page's markup has changed, and the error
 * names what is missing and where.
 */
export function parseJobDetails(html: string, jobId: string, context: ParseContext): JobDetails {
  const root = parseHtml(html).children;
  const title = inlineText(pick(root, FIELDS.title));
  const descriptionEl = pick(root, FIELDS.description);
  if (!title || !descriptionEl) {
    const lacking: string[] = [];
    if (!title) lacking.push(`title (${FIELDS.title.label})`);
    if (!descriptionEl) lacking.push(`description (${FIELDS.description.label})`);
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} job details at ${context.path}: missing ${lacking.join(', ')}`,
      { path: context.path },
    );
  }
  const orgLink = pick(root, FIELDS.orgLink);
  const applicantsText = inlineText(pick(root, FIELDS.applicants)) || null;
  const criteria: Partial<Record<(typeof CRITERIA)[string], string>> = {};
  for (const item of pickAll(root, FIELDS.criteriaItem)) {
    const name = CRITERIA[inlineText(pick(item, FIELDS.criteriaLabel)).toLowerCase()];
    const value = inlineText(pick(item, FIELDS.criteriaText));
    if (name && value) criteria[name] = value;
  }
  return {
    jobId,
    title,
    companyName: companyName(root, orgLink),
    companySlug: companySlugFromLink(attr(orgLink, 'href') ?? undefined),
    location: inlineText(pick(root, FIELDS.location)) || null,
    postedText: inlineText(pick(root, FIELDS.posted)) || null,
    description: blockText(descriptionEl),
    descriptionHtml: innerHtml(descriptionEl),
    seniority: criteria.seniority ?? null,
    employmentType: criteria.employmentType ?? null,
    jobFunction: criteria.jobFunction ?? null,
    industries: criteria.industries ?? null,
    applicantsText,
    applicantsCount: applicantsNumber(applicantsText),
    salary: inlineText(pick(root, FIELDS.salary)) || null,
    easyApply: pick(root, FIELDS.easyApply) !== null,
    url: canonicalJobUrl(context.baseUrl, jobId),
    ...readJobFacts(root, descriptionEl),
  };
}
