import { compile, selectAll, selectOne } from 'css-select';
import render from 'dom-serializer';
import type { AnyNode, Document, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * The site's HTML, read with htmlparser2's DOM and css-select (DESIGN.md: a well-kept parser,
 * not a home-made one). The parser takes what machine-written pages still hold: comments,
 * script and style text, CDATA (a comment in HTML, as in a browser), unquoted and duplicate
 * attributes (the first one wins, as in a browser), every kind of entity, implied end tags,
 * `\r\n`, and whole pages as well as fragments.
 */
export function parseHtml(html: string): Document {
  // A leading byte-order mark would otherwise be text before the first element.
  return parseDocument(html.startsWith('\uFEFF') ? html.slice(1) : html);
}

/**
 * One field's ordered selectors: today's markup first, then the older and alternative
 * shapes, so a renamed class loses the field only when every shape has gone. `label`
 * names them in parse errors.
 */
export interface FieldSelectors {
  readonly label: string;
  readonly queries: readonly ((node: AnyNode) => boolean)[];
}

export function field(...selectors: string[]): FieldSelectors {
  return {
    label: selectors.join(', '),
    // Compiled once, at module load: the parsers run the same few selectors on every page.
    queries: selectors.map((s) => compile<AnyNode, Element>(s)),
  };
}

/** The first element the field's selectors find, trying them in order. */
export function pick(root: AnyNode | AnyNode[], selectors: FieldSelectors): Element | null {
  for (const query of selectors.queries) {
    const found = selectOne<AnyNode, Element>(query, root);
    if (found) return found;
  }
  return null;
}

/** Every element the first matching selector of the field finds. */
export function pickAll(root: AnyNode | AnyNode[], selectors: FieldSelectors): Element[] {
  for (const query of selectors.queries) {
    const found = selectAll<AnyNode, Element>(query, root);
    if (found.length > 0) return found;
  }
  return [];
}

/** An attribute of the element, trimmed; null when absent or blank. */
export function attr(el: Element | null | undefined, name: string): string | null {
  const value = el?.attribs[name]?.trim();
  return value ? value : null;
}

/** The element's raw inner HTML, serialised from the same DOM the fields were read from. */
export function innerHtml(el: Element): string {
  // The parser decoded the text; 'utf8' escapes only what HTML reserves (&, <, >, quotes)
  // and keeps every other character as it is.
  return render(el.children, { encodeEntities: 'utf8' }).trim();
}
