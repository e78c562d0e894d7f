import { decodeEntities } from './html-entities';
import type { DomNode } from './html-text';

/**
 * A small, tolerant HTML tree builder for the site's fragments. The parsing budget (5,000
 * search cards and 500 detail pages a second on a small machine) is several times what a
 * general-purpose parser reaches on these class-heavy fragments, and the fragments are
 * machine-written, so a tokenizer with HTML's few implied end tags is enough.
 */
export interface HtmlElement extends DomNode {
  type: 'tag';
  name: string;
  /** Attribute values, decoded; parsed on first use, since most elements are never asked. */
  readonly attribs: Record<string, string>;
  /** The class attribute alone, read without parsing the others. */
  readonly className: string;
  children: HtmlNode[];
  parent: HtmlElement | null;
}

class Element implements HtmlElement {
  readonly type = 'tag';
  readonly children: HtmlNode[] = [];
  private parsedAttribs: Record<string, string> | undefined;
  private parsedClass: string | undefined;

  constructor(
    readonly name: string,
    private readonly attrSource: string,
    readonly parent: HtmlElement | null,
  ) {}

  get attribs(): Record<string, string> {
    this.parsedAttribs ??= parseAttribs(this.attrSource);
    return this.parsedAttribs;
  }

  get className(): string {
    if (this.parsedClass === undefined) {
      const m = CLASS_ATTR.exec(this.attrSource);
      this.parsedClass = m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : '';
    }
    return this.parsedClass;
  }
}

const CLASS_ATTR = /(?:^|\s)class\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

export interface HtmlText extends DomNode {
  type: 'text';
  data: string;
}

export type HtmlNode = HtmlElement | HtmlText;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'template']);
/** Blocks whose start closes an open <p>, as HTML's parser does. */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'div',
  'dl',
  'fieldset',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
  'figure',
]);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<[!?][^>]*>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function parseAttribs(source: string): Record<string, string> {
  const attribs: Record<string, string> = {};
  if (!source.trim()) return attribs;
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(source); m !== null; m = ATTR.exec(source)) {
    const name = (m[1] ?? '').toLowerCase();
    if (!name || name in attribs) continue;
    attribs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attribs;
}

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = new Element('#root', '', null);
  let current = root;
  let last = 0;
  const addText = (raw: string): void => {
    if (raw) current.children.push({ type: 'text', data: decodeEntities(raw) });
  };
  const closeTo = (name: string, stopAt: ReadonlySet<string>): boolean => {
    for (let el: HtmlElement | null = current; el && el !== root; el = el.parent) {
      if (el.name === name) {
        current = el.parent ?? root;
        return true;
      }
      if (stopAt.has(el.name)) return false;
    }
    return false;
  };
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m !== null; m = TOKEN.exec(html)) {
    addText(html.slice(last, m.index));
    last = TOKEN.lastIndex;
    const name = m[2]?.toLowerCase();
    if (name === undefined) continue; // comment, doctype, processing instruction
    if (m[1] === '/') {
      closeTo(name, EMPTY);
      continue;
    }
    if (name === 'li') closeTo('li', LIST_SCOPE);
    else if (CLOSES_P.has(name)) closeTo('p', P_SCOPE);
    const attrSource = m[3] ?? '';
    const el: HtmlElement = new Element(name, attrSource, current);
    current.children.push(el);
    if (VOID.has(name) || attrSource.trimEnd().endsWith('/')) continue;
    if (RAW_TEXT.has(name)) {
      const endTag = new RegExp(`</${name}`, 'ig');
      endTag.lastIndex = last;
      const stop = endTag.exec(html)?.index ?? html.length;
      el.children.push({ type: 'text', data: html.slice(last, stop) });
      const close = html.indexOf('>', stop);
      last = close === -1 ? html.length : close + 1;
      TOKEN.lastIndex = last;
      continue;
    }
    current = el;
  }
  addText(html.slice(last));
  return root;
}

const EMPTY: ReadonlySet<string> = new Set();
const LIST_SCOPE: ReadonlySet<string> = new Set(['ul', 'ol']);
const P_SCOPE: ReadonlySet<string> = new Set([
  'div',
  'section',
  'li',
  'td',
  'th',
  'button',
  'article',
]);

export function hasClass(el: HtmlElement, className: string): boolean {
  const value = el.className;
  const at = value.indexOf(className);
  if (at === -1) return false;
  return value.split(/\s+/).includes(className);
}

export type Match = (el: HtmlElement) => boolean;

/** Elements under `root` (not `root` itself) that match, in document order. */
export function findAll(
  root: HtmlElement,
  match: Match,
  options: { descendIntoMatches?: boolean } = {},
): HtmlElement[] {
  const found: HtmlElement[] = [];
  const walk = (el: HtmlElement): void => {
    for (const child of el.children) {
      if (child.type !== 'tag') continue;
      if (match(child)) {
        found.push(child);
        if (options.descendIntoMatches === false) continue;
      }
      walk(child);
    }
  };
  walk(root);
  return found;
}

export function findFirst(root: HtmlElement, match: Match): HtmlElement | undefined {
  for (const child of root.children) {
    if (child.type !== 'tag') continue;
    if (match(child)) return child;
    const inner = findFirst(child, match);
    if (inner) return inner;
  }
  return undefined;
}

export const byClass =
  (className: string, tag?: string): Match =>
  (el) =>
    (tag === undefined || el.name === tag) && hasClass(el, className);

export const byAttr =
  (name: string, value?: string): Match =>
  (el) =>
    value === undefined ? name in el.attribs : el.attribs[name] === value;
