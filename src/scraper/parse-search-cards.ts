import { load } from 'cheerio/slim';
import { inlineText } from './html-text';
import { canonicalJobUrl, companySlugFromLink, jobIdFromLink, jobIdFromUrn } from './job-url';
import { SiteError } from './site-error';
import type { JobCard } from './types';

export interface ParseContext {
  baseUrl: string;
  siteName: string;
  /** Path of the request, named in parse errors. */
  path: string;
}

export interface ParsedCards {
  cards: JobCard[];
  skippedCards: number;
  /** True when the fragment held nothing at all: the end of the results. */
  empty: boolean;
}

const SELECTORS = {
  id: '[data-entity-urn] / a.base-card__full-link',
  title: '.base-search-card__title',
  company: '.base-search-card__subtitle',
} as const;
type Required = keyof typeof SELECTORS;
const REQUIRED: readonly Required[] = ['id', 'title', 'company'];

/**
 * Cards of one guest search answer (a fragment of `<li>` cards). A card without id, title
 * or company is skipped and counted; a fragment with markup but no usable card is a parse
 * error naming what was missing, since that means the site's markup changed.
 */
export function parseSearchCards(html: string, context: ParseContext): ParsedCards {
  if (html.trim() === '') return { cards: [], skippedCards: 0, empty: true };
  const $ = load(html, null, false);
  let roots = $('li').filter((_, el) => $(el).parents('li').length === 0);
  if (roots.length === 0) roots = $('.base-search-card, .job-search-card');
  if (roots.length === 0) {
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} search results at ${context.path}: the answer holds markup but no job cards (li elements)`,
      { path: context.path },
    );
  }
  const cards: JobCard[] = [];
  const missing: Record<Required, number> = { id: 0, title: 0, company: 0 };
  let skippedCards = 0;
  roots.each((_, root) => {
    const card = $(root);
    const urnHolder = card.is('[data-entity-urn]') ? card : card.find('[data-entity-urn]').first();
    const link = card.find('a.base-card__full-link').attr('href') ?? card.find('a[href*="/jobs/view/"]').first().attr('href');
    const jobId = jobIdFromUrn(urnHolder.attr('data-entity-urn')) ?? jobIdFromLink(link);
    const title = inlineText(card.find(SELECTORS.title).get(0));
    const subtitle = card.find(SELECTORS.company).first();
    const companyName = inlineText(subtitle.get(0));
    if (!jobId || !title || !companyName) {
      if (!jobId) missing.id += 1;
      if (!title) missing.title += 1;
      if (!companyName) missing.company += 1;
      skippedCards += 1;
      return;
    }
    const time = card.find('time.job-search-card__listdate, time.job-search-card__listdate--new').first();
    const datetime = time.attr('datetime')?.trim();
    cards.push({
      jobId,
      title,
      companyName,
      companySlug: companySlugFromLink(subtitle.find('a[href*="/company/"]').attr('href')),
      location: inlineText(card.find('.job-search-card__location').get(0)) || null,
      salary: inlineText(card.find('.job-search-card__salary-info').get(0)) || null,
      postedDate: datetime && /^\d{4}-\d{2}-\d{2}/.test(datetime) ? datetime.slice(0, 10) : null,
      postedText: inlineText(time.get(0)) || null,
      url: canonicalJobUrl(context.baseUrl, jobId),
    });
  });
  if (cards.length === 0) {
    const lacking = REQUIRED.filter((field) => missing[field] > 0)
      .map((field) => `${field} (${SELECTORS[field]}) in ${missing[field]} of ${roots.length}`);
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} search results at ${context.path}: no job card could be read; missing ${lacking.join(', ')}`,
      { path: context.path },
    );
  }
  return { cards, skippedCards, empty: false };
}
