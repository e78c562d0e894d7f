import { load } from 'cheerio/slim';
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

/** 200 for "Over 200 applicants", 25 for "Be among the first 25 applicants", 1234 for "1,234 applicants". */
export function applicantsNumber(text: string | null): number | null {
  const digits = text ? /(\d[\d,.\s]*)/.exec(text)?.[1] : undefined;
  if (!digits) return null;
  const n = Number(digits.replace(/[,.\s]/g, ''));
  return Number.isFinite(n) ? n : null;
}

/**
 * The guest job details fragment. Title and description are required: without them the
 * page's markup has changed, and the error names what is missing and where.
 */
export function parseJobDetails(html: string, jobId: string, context: ParseContext): JobDetails {
  const $ = load(html, null, false);
  const title = inlineText($(TITLE).get(0));
  const descriptionEl = $(DESCRIPTION).get(0);
  const lacking: string[] = [];
  if (!title) lacking.push(`title (${TITLE})`);
  if (!descriptionEl) lacking.push(`description (${DESCRIPTION})`);
  if (!title || !descriptionEl) {
    throw new SiteError('parse', `Could not parse ${context.siteName} job details at ${context.path}: missing ${lacking.join(', ')}`, {
      path: context.path,
    });
  }

  const orgLink = $('a.topcard__org-name-link').first();
  // Without a company page the name is plain text in the first (non-bullet) flavor span.
  const companyName =
    inlineText(orgLink.get(0)) || inlineText($('.topcard__flavor-row .topcard__flavor').not('.topcard__flavor--bullet').first().get(0)) || null;
  // The applicants caption may carry the bullet class too, so it is excluded from the location.
  const location = inlineText($('span.topcard__flavor--bullet').not('.num-applicants__caption').first().get(0)) || null;
  const applicantsText = inlineText($('.num-applicants__caption').first().get(0)) || null;

  const criteria: Partial<Record<(typeof CRITERIA)[string], string>> = {};
  $('li.description__job-criteria-item').each((_, item) => {
    const label = inlineText($(item).find('h3.description__job-criteria-subheader').get(0)).toLowerCase();
    const field = CRITERIA[label];
    const value = inlineText($(item).find('span.description__job-criteria-text').get(0));
    if (field && value) criteria[field] = value;
  });

  return {
    jobId,
    title,
    companyName,
    companySlug: companySlugFromLink(orgLink.attr('href')),
    location,
    postedText: inlineText($('span.posted-time-ago__text').first().get(0)) || null,
    description: blockText(descriptionEl),
    seniority: criteria.seniority ?? null,
    employmentType: criteria.employmentType ?? null,
    jobFunction: criteria.jobFunction ?? null,
    industries: criteria.industries ?? null,
    applicantsText,
    applicantsCount: applicantsNumber(applicantsText),
    salary: inlineText($('.compensation__salary').first().get(0)) || null,
    easyApply: $('[data-tracking-control-name="public_jobs_apply-link-onsite"]').length > 0,
    url: canonicalJobUrl(context.baseUrl, jobId),
  };
}
