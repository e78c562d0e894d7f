import { isTag, type AnyNode, type Document, type Element, type ParentNode } from 'domhandler';
import { attr, field, parseHtml, pick, pickAll, type FieldSelectors } from './html-dom';
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
  /** True when the answer held no card at all: the end of the results. */
  empty: boolean;
}

// Each field: today's guest card (`base-search-card`) first, then the `job-search-card`
// and older `result-card` / `job-result-card` shapes public scrapers of the site document.
const FIELDS = {
  urn: field('[data-entity-urn]'),
  link: field(
    'a.base-card__full-link',
    'a.result-card__full-card-link',
    'a.job-search-card__link',
    'a[href*="/jobs/view/"]',
  ),
  title: field(
    '.base-search-card__title',
    '.job-search-card__title',
    '.job-result-card__title',
    '.result-card__title',
  ),
  company: field(
    '.base-search-card__subtitle',
    '.job-search-card__subtitle',
    '.job-result-card__subtitle',
    '.result-card__subtitle',
  ),
  companyLink: field('a[href*="/company/"]'),
  location: field(
    '.job-search-card__location',
    '.job-result-card__location',
    '.base-search-card__location',
  ),
  salary: field(
    '.job-search-card__salary-info',
    '.job-result-card__salary-info',
    '.base-search-card__salary',
  ),
  listDate: field(
    'time.job-search-card__listdate',
    'time.job-search-card__listdate--new',
    'time.job-result-card__listdate',
    'time.job-result-card__listdate--new',
    'time[datetime]',
  ),
} satisfies Record<string, FieldSelectors>;

/** The whole public search page holds its cards in this list. */
const RESULTS_LIST = field('ul.jobs-search__results-list');
const ITEMS = field('li');
const CARD_BOXES = field(
  '.base-search-card',
  '.job-search-card',
  '.job-result-card',
  '[data-entity-urn^="urn:li:jobPosting:"]',
);
const PAGE_BODY = field('body');

type Required = 'id' | 'title' | 'company';
const REQUIRED: readonly Required[] = ['id', 'title', 'company'];
const REQUIRED_LABEL: Record<Required, string> = {
  id: `${FIELDS.urn.label} / data-id / ${FIELDS.link.label}`,
  title: FIELDS.title.label,
  company: FIELDS.company.label,
};

/**
 * The job id, from the first place that holds it: data-entity-urn or data-id on the card or
 * on an ancestor `li`, data-entity-urn on an element inside the card, then the job link.
 */
function cardJobId(card: Element): string | null {
  for (let el: ParentNode | null = card; el && isTag(el); el = el.parent) {
    if (el !== card && el.name !== 'li') continue;
    const id = jobIdFromUrn(attr(el, 'data-entity-urn') ?? undefined) ?? numericId(el);
    if (id) return id;
  }
  return (
    jobIdFromUrn(attr(pick(card, FIELDS.urn), 'data-entity-urn') ?? undefined) ??
    jobIdFromLink(attr(pick(card, FIELDS.link), 'href') ?? undefined)
  );
}

function numericId(el: Element): string | null {
  const value = attr(el, 'data-id') ?? attr(el, 'data-job-id');
  return value && /^\d+$/.test(value) ? value : null;
}

function readCard(card: Element, baseUrl: string): { card: JobCard } | { missing: Required[] } {
  const jobId = cardJobId(card);
  const title = inlineText(pick(card, FIELDS.title));
  const subtitle = pick(card, FIELDS.company);
  const companyName = inlineText(subtitle);
  if (!jobId || !title || !subtitle || !companyName) {
    const missing: Required[] = [];
    if (!jobId) missing.push('id');
    if (!title) missing.push('title');
    if (!companyName) missing.push('company');
    return { missing };
  }
  const time = pick(card, FIELDS.listDate);
  const datetime = attr(time, 'datetime');
  return {
    card: {
      jobId,
      title,
      companyName,
      companySlug: companySlugFromLink(
        attr(pick(subtitle, FIELDS.companyLink), 'href') ?? undefined,
      ),
      location: inlineText(pick(card, FIELDS.location)) || null,
      salary: inlineText(pick(card, FIELDS.salary)) || null,
      postedDate: datetime && /^\d{4}-\d{2}-\d{2}/.test(datetime) ? datetime.slice(0, 10) : null,
      postedText: inlineText(time) || null,
      url: canonicalJobUrl(baseUrl, jobId),
    },
  };
}

/** The outermost of the given elements: a card's own nested lists are not cards. */
function outermost(elements: Element[]): Element[] {
  const set = new Set<AnyNode>(elements);
  return elements.filter((el) => {
    for (let p = el.parent; p; p = p.parent) if (set.has(p)) return false;
    return true;
  });
}

/** The answer's cards, or null when it holds none by design (the end of the results). */
function cardRoots(doc: Document): Element[] | null {
  // No element at all (blank, or only comments and whitespace): the guest search's end.
  if (!doc.children.some(isTag)) return inlineText(doc) === '' ? null : [];
  const list = pick(doc, RESULTS_LIST);
  if (list) {
    const items = list.children.filter((c): c is Element => isTag(c) && c.name === 'li');
    return items.length > 0 ? items : null;
  }
  // A whole page without the results list: its other lists (navigation, footer) are not cards.
  const page = pick(doc, PAGE_BODY);
  const items = page ? [] : outermost(pickAll(doc, ITEMS));
  return items.length > 0 ? items : outermost(pickAll(page ?? doc, CARD_BOXES));
}

/**
 * Cards of one search answer: the guest fragment (`<li>` cards) or the whole public search
 * page (`ul.jobs-search__results-list`; an empty list is the end, like an empty fragment).
 * A card without id, title or company is skipped and counted; an answer with markup but no
 * usable card is a parse error naming what was missing, since that means the site's markup
 * changed.
 */
export function parseSearchCards(html: string, context: ParseContext): ParsedCards {
  const roots = cardRoots(parseHtml(html));
  if (roots === null) return { cards: [], skippedCards: 0, empty: true };
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
      for (const name of result.missing) missing[name] += 1;
    }
  }
  if (cards.length === 0) {
    const lacking = REQUIRED.filter((name) => missing[name] > 0).map(
      (name) => `${name} (${REQUIRED_LABEL[name]}) in ${missing[name]} of ${roots.length}`,
    );
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} search results at ${context.path}: no job card could be read; missing ${lacking.join(', ')}`,
      { path: context.path },
    );
  }
  return { cards, skippedCards, empty: false };
}
