import { z } from 'zod';
import { canonicalJobUrl } from './job-url';
import type { ParseContext } from './parse-search-cards';
import { decodeRscStream, referencedRow, rscText } from './rsc-stream';
import { SiteError } from './site-error';
import type { JobCard } from './types';

export const JOB_CARD_KEY_PREFIX = 'job-card-component-ref-';

// A React element in the flight format: ["$", type, key, props, …dev-only extras].
const rscElement = z
  .tuple([z.literal('$'), z.string(), z.string().nullable(), z.record(z.string(), z.unknown())])
  .rest(z.unknown());
type RscElement = z.infer<typeof rscElement>;

export interface ParsedAiCards {
  cards: JobCard[];
  skippedCards: number;
  /** Job cards found on the page (read or skipped): how far the next page's `start` moves. */
  cardCount: number;
}

const MAX_DEPTH = 200;
const SALARY = /[$€£¥₹]|\/(?:yr|hr|mo)\b|\bper (?:year|hour|month)\b/i;
const POSTED =
  /\b(?:\d+\s+(?:minute|hour|day|week|month|year)s?\s+ago|just now|today|yesterday)\b/i;

function asElement(value: unknown): RscElement | null {
  if (!Array.isArray(value) || value[0] !== '$') return null;
  const parsed = rscElement.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function cardJobId(element: RscElement): string | null {
  const [, , key, props] = element;
  const componentKey = typeof props.componentkey === 'string' ? props.componentkey : null;
  for (const candidate of [key, componentKey]) {
    if (candidate?.startsWith(JOB_CARD_KEY_PREFIX)) {
      const id = /^(\d+)/.exec(candidate.slice(JOB_CARD_KEY_PREFIX.length))?.[1];
      if (id) return id;
    }
  }
  return null;
}

/**
 * Lines of text in a card: the text of each `<p>` in order (title, company, location, then
 * salary and footer), following references into other rows and skipping aria-hidden
 * duplicates.
 */
function cardLines(card: RscElement, rows: Map<string, unknown>): string[] {
  const lines: string[] = [];
  const seenRows = new Set<string>();
  const textOf = (value: unknown, depth: number): string => {
    if (depth > MAX_DEPTH) return '';
    if (typeof value === 'string') {
      const ref = referencedRow(value);
      if (ref !== null) {
        if (seenRows.has(ref)) return '';
        seenRows.add(ref);
        const text = textOf(rows.get(ref), depth + 1);
        seenRows.delete(ref);
        return text;
      }
      return rscText(value) ?? '';
    }
    if (typeof value === 'number') return String(value);
    if (!Array.isArray(value)) return '';
    const element = asElement(value);
    if (!element) return value.map((v) => textOf(v, depth + 1)).join('');
    const props = element[3];
    if (props['aria-hidden'] === 'true' || props['aria-hidden'] === true) return '';
    return textOf(props.children, depth + 1);
  };
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      const ref = referencedRow(value);
      if (ref !== null && !seenRows.has(ref)) {
        seenRows.add(ref);
        walk(rows.get(ref), depth + 1);
        seenRows.delete(ref);
      }
      return;
    }
    if (!Array.isArray(value)) return;
    const element = asElement(value);
    if (!element) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (element[1] === 'p') {
      const line = textOf(element[3].children, depth + 1)
        .replace(/\s+/g, ' ')
        .trim();
      if (line) lines.push(line);
      return;
    }
    walk(element[3].children, depth + 1);
  };
  walk(card[3].children, 0);
  return lines;
}

function cardFromLines(jobId: string, lines: string[], baseUrl: string): JobCard | null {
  const [title, companyName, ...rest] = lines;
  if (!title || !companyName) return null;
  const salary = rest.find((line) => SALARY.test(line) && !POSTED.test(line)) ?? null;
  const postedLine = rest.find((line) => POSTED.test(line));
  const postedText = postedLine ? (POSTED.exec(postedLine)?.[0] ?? null) : null;
  const location = rest.find((line) => line !== salary && line !== postedLine) ?? null;
  return {
    jobId,
    title,
    companyName,
    companySlug: null,
    location,
    salary,
    postedDate: null,
    postedText,
    url: canonicalJobUrl(baseUrl, jobId),
  };
}

/**
 * Job cards of one AI-search answer: elements keyed `job-card-component-ref-<jobId>`
 * anywhere in the stream. A page without such cards is the end of the results, unless the
 * stream still mentions job postings: then the markup has changed and that is an error.
 */
export function parseAiSearchCards(body: string, context: ParseContext): ParsedAiCards {
  if (body.trim() === '') return { cards: [], skippedCards: 0, cardCount: 0 };
  const stream = decodeRscStream(body);
  if (stream.rowCount === 0) {
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} AI search results at ${context.path}: the answer is not a React Server Components stream`,
      {
        path: context.path,
      },
    );
  }
  const found = new Map<string, RscElement>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (!Array.isArray(value)) {
      for (const inner of Object.values(value)) visit(inner, depth + 1);
      return;
    }
    const element = asElement(value);
    if (!element) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const jobId = cardJobId(element);
    if (jobId !== null) {
      if (!found.has(jobId)) found.set(jobId, element);
      return;
    }
    visit(element[3], depth + 1);
  };
  for (const value of stream.rows.values()) visit(value, 0);

  if (found.size === 0 && /jobPosting:\d+/.test(body)) {
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} AI search results at ${context.path}: the answer mentions job postings but has no job cards (component keys ${JOB_CARD_KEY_PREFIX}<id>)`,
      { path: context.path },
    );
  }
  const cards: JobCard[] = [];
  let skippedCards = 0;
  for (const [jobId, element] of found) {
    const card = cardFromLines(jobId, cardLines(element, stream.rows), context.baseUrl);
    if (card) cards.push(card);
    else skippedCards += 1;
  }
  if (found.size > 0 && cards.length === 0) {
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} AI search results at ${context.path}: none of the ${found.size} job cards had a title and company (<p> lines)`,
      { path: context.path },
    );
  }
  return { cards, skippedCards, cardCount: found.size };
}
