import {
  byAttr,
  byClass,
  findAll,
  findFirst,
  hasClass,
  parseHtml,
  type HtmlElement,
} from './html-tree';
import { load } from 'cheerio';
import { blockText, inlineText } from './html-text';
import { canonicalJobUrl, companySlugFromLink } from './job-url';
import type { ParseContext } from './parse-search-cards';
import { SiteError } from './site-error';
import type { JobDetails } from './types';

const TITLE = 'h2.top-card-layout__title';
const DESCRIPTION = 'div.show-more-less-html__markup';

const CRITERIA: Record<string, 'seniority' | 'employmentType' | 'jobFunction' | 'industries'> = {
  'seniority level': 'seniority',
  'employment type': 'employmentType',
  'job function': 'jobFunction',
  industries: 'industries',
};

const isTitle = byClass('top-card-layout__title', 'h2');
const isDescription = byClass('show-more-less-html__markup', 'div');
const isOrgLink = byClass('topcard__org-name-link', 'a');
const isFlavor = byClass('topcard__flavor');
const isFlavorRow = byClass('topcard__flavor-row');
const isApplicants = byClass('num-applicants__caption');
const isPosted = byClass('posted-time-ago__text', 'span');
const isSalary = byClass('compensation__salary');
const isCriteriaItem = byClass('description__job-criteria-item', 'li');
const isCriteriaLabel = byClass('description__job-criteria-subheader', 'h3');
const isCriteriaText = byClass('description__job-criteria-text', 'span');
const isEasyApply = byAttr('data-tracking-control-name', 'public_jobs_apply-link-onsite');
// The applicants caption may carry the bullet class too, so it is not taken for the location.
const isLocation = (el: HtmlElement): boolean =>
  el.name === 'span' &&
  hasClass(el, 'topcard__flavor--bullet') &&
  !hasClass(el, 'num-applicants__caption');

/** 200 for "Over 200 applicants", 25 for "Be among the first 25 applicants", 1234 for "1,234 applicants". */
export function applicantsNumber(text: string | null): number | null {
  const digits = text ? /(\d[\d,.\s]*)/.exec(text)?.[1] : undefined;
  if (!digits) return null;
  const n = Number(digits.replace(/[,.\s]/g, ''));
  return Number.isFinite(n) ? n : null;
}

function companyName(root: HtmlElement, orgLink: HtmlElement | undefined): string | null {
  if (orgLink) return inlineText(orgLink) || null;
  // Without a company page the name is plain text in the first non-bullet flavor span.
  for (const row of findAll(root, isFlavorRow)) {
    const span = findFirst(row, (el) => isFlavor(el) && !hasClass(el, 'topcard__flavor--bullet'));
    if (span) return inlineText(span) || null;
  }
  return null;
}

/**
 * The guest job details fragment. Title and description are required: without them the
 * page's markup has changed, and the error names what is missing and where.
 */
export function parseJobDetails(html: string, jobId: string, context: ParseContext): JobDetails {
  const root = parseHtml(html);
  const title = inlineText(findFirst(root, isTitle));
  const descriptionEl = findFirst(root, isDescription);
  if (!title || !descriptionEl) {
    const lacking: string[] = [];
    if (!title) lacking.push(`title (${TITLE})`);
    if (!descriptionEl) lacking.push(`description (${DESCRIPTION})`);
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} job details at ${context.path}: missing ${lacking.join(', ')}`,
      {
        path: context.path,
      },
    );
  }
  const orgLink = findFirst(root, isOrgLink);
  const applicantsText = inlineText(findFirst(root, isApplicants)) || null;
  const criteria: Partial<Record<(typeof CRITERIA)[string], string>> = {};
  for (const item of findAll(root, isCriteriaItem)) {
    const field = CRITERIA[inlineText(findFirst(item, isCriteriaLabel)).toLowerCase()];
    const value = inlineText(findFirst(item, isCriteriaText));
    if (field && value) criteria[field] = value;
  }
  return {
    jobId,
    title,
    companyName: companyName(root, orgLink),
    companySlug: companySlugFromLink(orgLink?.attribs.href),
    location: inlineText(findFirst(root, isLocation)) || null,
    postedText: inlineText(findFirst(root, isPosted)) || null,
    description: blockText(descriptionEl),
    descriptionHtml: load(html)(DESCRIPTION).first().html()?.trim() ?? '',
    seniority: criteria.seniority ?? null,
    employmentType: criteria.employmentType ?? null,
    jobFunction: criteria.jobFunction ?? null,
    industries: criteria.industries ?? null,
    applicantsText,
    applicantsCount: applicantsNumber(applicantsText),
    salary: inlineText(findFirst(root, isSalary)) || null,
    easyApply: findFirst(root, isEasyApply) !== undefined,
    url: canonicalJobUrl(context.baseUrl, jobId),
  };
}
