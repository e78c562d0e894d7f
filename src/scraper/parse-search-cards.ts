import {
  byAttr,
  byClass,
  findAll,
  findFirst,
  hasClass,
  parseHtml,
  type HtmlElement,
} from './html-tree';
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

const isTitle = byClass('base-search-card__title');
const isSubtitle = byClass('base-search-card__subtitle');
const isLocation = byClass('job-search-card__location');
const isSalary = byClass('job-search-card__salary-info');
const isFullLink = byClass('base-card__full-link', 'a');
const hasUrn = byAttr('data-entity-urn');
const isJobLink = (el: HtmlElement): boolean =>
  el.name === 'a' && (el.attribs.href ?? '').includes('/jobs/view/');
const isCompanyLink = (el: HtmlElement): boolean =>
  el.name === 'a' && (el.attribs.href ?? '').includes('/company/');
const isListDate = (el: HtmlElement): boolean =>
  el.name === 'time' &&
  (hasClass(el, 'job-search-card__listdate') || hasClass(el, 'job-search-card__listdate--new'));
const isCardBox = (el: HtmlElement): boolean =>
  hasClass(el, 'base-search-card') || hasClass(el, 'job-search-card');

function readCard(card: HtmlElement, baseUrl: string): { card: JobCard } | { missing: Required[] } {
  const urn = hasUrn(card)
    ? card.attribs['data-entity-urn']
    : findFirst(card, hasUrn)?.attribs['data-entity-urn'];
  const link = (findFirst(card, isFullLink) ?? findFirst(card, isJobLink))?.attribs.href;
  const jobId = jobIdFromUrn(urn) ?? jobIdFromLink(link);
  const title = inlineText(findFirst(card, isTitle));
  const subtitle = findFirst(card, isSubtitle);
  const companyName = inlineText(subtitle);
  if (!jobId || !title || !companyName || !subtitle) {
    const missing: Required[] = [];
    if (!jobId) missing.push('id');
    if (!title) missing.push('title');
    if (!companyName) missing.push('company');
    return { missing };
  }
  const time = findFirst(card, isListDate);
  const datetime = time?.attribs.datetime?.trim();
  return {
    card: {
      jobId,
      title,
      companyName,
      companySlug: companySlugFromLink(findFirst(subtitle, isCompanyLink)?.attribs.href),
      location: inlineText(findFirst(card, isLocation)) || null,
      salary: inlineText(findFirst(card, isSalary)) || null,
      postedDate: datetime && /^\d{4}-\d{2}-\d{2}/.test(datetime) ? datetime.slice(0, 10) : null,
      postedText: inlineText(time) || null,
      url: canonicalJobUrl(baseUrl, jobId),
    },
  };
}

/**
 * Cards of one guest search answer (a fragment of `<li>` cards). A card without id, title
 * or company is skipped and counted; a fragment with markup but no usable card is a parse
 * error naming what was missing, since that means the site's markup changed.
 */
export function parseSearchCards(html: string, context: ParseContext): ParsedCards {
  if (html.trim() === '') return { cards: [], skippedCards: 0, empty: true };
  const root = parseHtml(html);
  let roots = findAll(root, (el) => el.name === 'li', { descendIntoMatches: false });
  if (roots.length === 0) roots = findAll(root, isCardBox, { descendIntoMatches: false });
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
  for (const root of roots) {
    const result = readCard(root, context.baseUrl);
    if ('card' in result) {
      cards.push(result.card);
    } else {
      skippedCards += 1;
      for (const field of result.missing) missing[field] += 1;
    }
  }
  if (cards.length === 0) {
    const lacking = REQUIRED.filter((field) => missing[field] > 0).map(
      (field) => `${field} (${SELECTORS[field]}) in ${missing[field]} of ${roots.length}`,
    );
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} search results at ${context.path}: no job card could be read; missing ${lacking.join(', ')}`,
      { path: context.path },
    );
  }
  return { cards, skippedCards, empty: false };
}
