import { isComment, isTag, type AnyNode, type Element } from 'domhandler';
import { attr, field, parseHtml, pick, pickAll } from './html-dom';
import { inlineText } from './html-text';

// Issue 41: three facts of a job page besides its text (docs/decisions/062). Each is read where
// the page keeps it and is null (or open) when the page does not say: a changed page loses the
// fact, never the job.
//
// - Closed: the `closed-job` figure of the top card. Its caption is in the page's language
//   ("No longer accepting applications", "Artık başvuru kabul etmiyor"), and the English sentence
//   also turns up in descriptions, so the class decides, never the words, and never anything
//   inside the description.
// - The employer's apply address: the hidden `<code id="applyUrl">` comment, else the offsite
//   apply links ("Apply", "You may also apply directly on company website"). Both hold LinkedIn's
//   `externalApply` wrapper whose `url=` is the employer's address; only http(s) is kept.
// - The company's numeric id: `<meta name="companyId">` on the whole job page; in the guest
//   fragment, the top card's links that search by company ("See who … has hired for this role")
//   and its company URNs. Only the top card is read: the page's other sections (similar jobs)
//   name other companies.

const FACTS = {
  topCard: field('section.top-card-layout', '.top-card-layout'),
  closed: field('.closed-job', '.closed-job__flavor--closed'),
  applyCode: field('code#applyUrl'),
  offsiteApply: field(
    'a[data-tracking-control-name*="apply-link-offsite"]',
    'a[href*="/jobs/view/externalApply/"]',
  ),
  companyMeta: field('meta[name="companyId"]'),
  link: field('a[href]'),
};

/** Longer addresses are not an employer's page (browsers and Excel stop near 2,000). */
export const APPLY_URL_MAX_LENGTH = 2_048;

/** A company id as the site writes it: digits, within a safe integer. */
const COMPANY_ID = /^\d{1,15}$/;

export interface JobFacts {
  closed: boolean;
  applyUrl: string | null;
  companyId: string | null;
}

function contains(ancestor: Element, node: AnyNode): boolean {
  for (let n: AnyNode | null = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

/** The figure that says the posting is closed, in the top card (or the page), outside the description. */
function isClosed(root: AnyNode[], topCard: Element | null, description: Element | null): boolean {
  const found = pickAll(topCard ?? root, FACTS.closed);
  return found.some((el) => description === null || !contains(description, el));
}

/** `text` with its entities decoded, as an attribute's value would be (`&amp;` → `&`). */
function decodeEntities(text: string): string {
  return inlineText(parseHtml(`<p>${text.replace(/</g, '&lt;')}</p>`).children[0]);
}

const isWrapper = (url: URL): boolean =>
  /\/jobs\/view\/externalApply\//.test(url.pathname) || /^\/redir\/redirect\/?$/.test(url.pathname);

const isLinkedIn = (url: URL): boolean => /(^|\.)linkedin\.com$/i.test(url.hostname);

/**
 * The employer's address in `raw`: LinkedIn's wrappers unwrapped (their `url=`, percent-decoded),
 * kept only when it is a plain http(s) address of reasonable length, with no credentials and not
 * one of LinkedIn's own pages. Null otherwise (javascript:, mailto:, data:, a broken text).
 */
export function employerAddress(raw: string): string | null {
  let text = raw.trim();
  for (let depth = 0; depth < 4; depth += 1) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (isWrapper(url)) {
      const inner = url.searchParams.get('url');
      if (inner === null) return null;
      text = inner.trim();
      continue;
    }
    if (isLinkedIn(url) || url.username !== '' || url.password !== '') return null;
    return url.href.length <= APPLY_URL_MAX_LENGTH ? url.href : null;
  }
  return null;
}

/** The address the hidden applyUrl code holds: `<!--"https://…"-->`. */
function applyCodeText(code: Element): string | null {
  const comment = code.children.find(isComment);
  const text = (comment ? comment.data : inlineText(code)).trim();
  if (text === '') return null;
  return decodeEntities(text.replace(/^"+|"+$/g, ''));
}

function applyUrl(root: AnyNode[]): string | null {
  const candidates: string[] = [];
  const code = pick(root, FACTS.applyCode);
  const codeText = code ? applyCodeText(code) : null;
  if (codeText !== null) candidates.push(codeText);
  for (const link of pickAll(root, FACTS.offsiteApply)) {
    const href = attr(link, 'href');
    if (href) candidates.push(href);
  }
  for (const candidate of candidates) {
    const address = employerAddress(candidate);
    if (address !== null) return address;
  }
  return null;
}

/** Percent-decoded as often as it was encoded (a redirect inside a sign-in link is twice). */
function fullyDecoded(text: string): string {
  let current = text;
  for (let i = 0; i < 3; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

const COMPANY_PARAM = /[?&](?:facetCurrentCompany|currentCompany|f_C)=\[?"?(\d{1,15})\b/g;
const COMPANY_URN = /urn:li:(?:fsd?_(?:normalized_)?)?(?:company|organization):(\d{1,15})\b/g;

/** The ids the top card names by its company links and URNs. */
function topCardCompanyIds(topCard: Element): Set<string> {
  const ids = new Set<string>();
  const collect = (text: string, pattern: RegExp) => {
    for (const match of fullyDecoded(text).matchAll(pattern)) if (match[1]) ids.add(match[1]);
  };
  for (const link of pickAll(topCard, FACTS.link)) collect(attr(link, 'href') ?? '', COMPANY_PARAM);
  const walk = (node: AnyNode): void => {
    if (!isTag(node)) return;
    for (const value of Object.values(node.attribs))
      if (value.includes('urn:li:')) collect(value, COMPANY_URN);
    for (const child of node.children) walk(child);
  };
  walk(topCard);
  return ids;
}

/**
 * The company's numeric id: the page's meta, else the one id the top card's links and URNs agree
 * on. Two different ids there are a page we misread: no id rather than a wrong one, since an id
 * blocks jobs.
 */
function companyId(root: AnyNode[], topCard: Element | null): string | null {
  const meta = attr(pick(root, FACTS.companyMeta), 'content');
  if (meta !== null && COMPANY_ID.test(meta)) return String(Number(meta));
  if (topCard === null) return null;
  const ids = [...topCardCompanyIds(topCard)];
  const [only] = ids;
  return ids.length === 1 && only !== undefined ? String(Number(only)) : null;
}

/** Closed or open, the employer's address and the company id of a parsed job page. */
export function readJobFacts(root: AnyNode[], description: Element | null): JobFacts {
  const topCard = pick(root, FACTS.topCard);
  return {
    closed: isClosed(root, topCard, description),
    applyUrl: applyUrl(root),
    companyId: companyId(root, topCard),
  };
}
