import { isTag, isText, type AnyNode, type Element } from 'domhandler';

const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'blockquote',
  'pre',
  'header',
  'footer',
  'dl',
  'dt',
  'dd',
]);
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'button', 'svg']);

/** Script, style and the like: their text is code or UI, never the page's words. */
function isSkipped(node: Element): boolean {
  return node.type === 'script' || node.type === 'style' || SKIPPED.has(node.name);
}

/** Text of a node as one line: whitespace collapsed (entities are decoded by the parser). */
export function inlineText(node: AnyNode | null | undefined): string {
  if (!node) return '';
  const parts: string[] = [];
  const walk = (n: AnyNode): void => {
    if (isText(n)) parts.push(n.data);
    else if (isTag(n) && !isSkipped(n)) for (const child of n.children) walk(child);
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

type Token = { text: string } | { level: 1 | 2; fromBr: boolean };

/**
 * Plain text of rich HTML (a job description): blocks separated by a blank line, `<br>` as
 * a line break (two in a row as a blank line), list items as "• " lines. Never markup.
 */
export function blockText(root: Element): string {
  const tokens: Token[] = [];
  const walk = (node: AnyNode): void => {
    if (isText(node)) {
      tokens.push({ text: node.data });
      return;
    }
    if (!isTag(node) || isSkipped(node)) return;
    if (node.name === 'br') {
      tokens.push({ level: 1, fromBr: true });
      return;
    }
    const block = BLOCKS.has(node.name);
    const level = node.name === 'li' ? 1 : 2;
    if (block) tokens.push({ level, fromBr: false });
    if (node.name === 'li') tokens.push({ text: '• ' });
    for (const child of node.children) walk(child);
    if (block) tokens.push({ level, fromBr: false });
  };
  for (const child of root.children) walk(child);

  const out: string[] = [];
  let line = '';
  let pending = 0;
  let brRun = 0;
  for (const token of tokens) {
    if ('text' in token) {
      const text = token.text.replace(/\s+/g, ' ');
      if (!text.trim() && !line) continue;
      if (pending > 0 && text.trim()) {
        if (out.length > 0 || line.trim()) {
          out.push(line.trim());
          out.push(pending === 2 ? '\n\n' : '\n');
        }
        line = '';
        pending = 0;
        brRun = 0;
      }
      line += text;
      continue;
    }
    brRun = token.fromBr ? brRun + 1 : brRun;
    pending = Math.max(pending, token.level, brRun >= 2 ? 2 : 0);
  }
  out.push(line.trim());
  return out
    .join('')
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
