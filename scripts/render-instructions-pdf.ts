import PDFDocument from 'pdfkit';

// Renders the cookie instructions (docs/instructions/*.md) to the PDF served at
// /instructions.pdf. The source is a small markdown subset, so that the document is kept
// and reviewed as text and the PDF is only ever a build output:
//   # / ## / ###   headings (the first "#" heading is the document title)
//   1. text        numbered steps          - text   bullet items
//   blank line     ends a paragraph or list item; other lines join the block they follow
//   `code`         inline code, set in a monospace font       **bold**   bold text
// "{site}" anywhere is replaced by the site name. Only PDF's built-in standard fonts are
// used (nothing is downloaded or embedded), so the text must stay within their Latin
// character set (WinAnsi); unsupported characters are refused rather than printed wrong.

export type InlineStyle = 'normal' | 'bold' | 'code';
export interface InlineSpan {
  text: string;
  style: InlineStyle;
}
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; spans: InlineSpan[] }
  | { kind: 'paragraph'; spans: InlineSpan[] }
  | { kind: 'numbered'; number: number; spans: InlineSpan[] }
  | { kind: 'bullet'; spans: InlineSpan[] };

/** A fixed date keeps the PDF byte-for-byte the same from one build to the next. */
const FIXED_DATE = new Date(Date.UTC(2025, 0, 1));

const FONTS: Record<InlineStyle, string> = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  code: 'Courier',
};
const BODY_SIZE = 11;
const CODE_SIZE = 10;
const HEADING_SIZES = { 1: 20, 2: 14, 3: 12 } as const;
const LIST_INDENT = 20;
const MARGIN = 56;

/** Renders the instructions markdown, with {site} filled in, to a PDF. */
export async function renderInstructionsPdf(markdown: string, siteName: string): Promise<Buffer> {
  const blocks = parseInstructionsMarkdown(markdown.replaceAll('{site}', siteName));
  const titleBlock = blocks.find((b) => b.kind === 'heading' && b.level === 1);
  if (!titleBlock) throw new Error('instructions: the source needs a "# " title heading');
  const title = plainText(titleBlock.spans);
  const unsupported = [...blocks.flatMap((b) => b.spans.map((s) => s.text)).join('')].find(
    (c) => !isWinAnsi(c),
  );
  if (unsupported !== undefined) {
    const code = unsupported.codePointAt(0)?.toString(16).toUpperCase() ?? '?';
    throw new Error(`instructions: U+${code} cannot be shown with the PDF standard fonts`);
  }

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Uncompressed page streams keep the PDF's text searchable by tests and tools; the
    // document is a few kilobytes either way.
    compress: false,
    displayTitle: true,
    lang: 'en',
    info: {
      Title: title,
      Subject: `Copying the ${siteName} session cookies into the dashboard`,
      Creator: 'jobscout build (scripts/build-instructions-pdf.ts)',
      Producer: 'PDFKit',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  let previous: Block['kind'] | null = null;
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading': {
        const size = HEADING_SIZES[block.level];
        // A heading right under another one stays close to it.
        if (previous !== null) doc.moveDown(previous === 'heading' ? 0.1 : 0.9);
        keepTogether(doc, block.spans, size, width, 3);
        writeSpans(doc, block.spans, MARGIN, width, size, 'bold');
        doc.moveDown(block.level === 1 ? 0.6 : 0.35);
        break;
      }
      case 'paragraph':
        if (previous !== null && previous !== 'heading') doc.moveDown(0.5);
        keepTogether(doc, block.spans, BODY_SIZE, width, 1);
        writeSpans(doc, block.spans, MARGIN, width, BODY_SIZE, 'normal');
        break;
      case 'numbered':
      case 'bullet': {
        const startsList = previous !== block.kind;
        if (startsList && previous !== null && previous !== 'heading') doc.moveDown(0.5);
        else if (!startsList) doc.moveDown(0.25);
        const textWidth = width - LIST_INDENT;
        keepTogether(doc, block.spans, BODY_SIZE, textWidth, 1);
        const top = doc.y;
        const label = block.kind === 'numbered' ? `${block.number}.` : '\u2022';
        doc.font(FONTS.normal).fontSize(BODY_SIZE).text(label, MARGIN, top, {
          width: LIST_INDENT,
          lineBreak: false,
        });
        doc.y = top;
        writeSpans(doc, block.spans, MARGIN + LIST_INDENT, textWidth, BODY_SIZE, 'normal');
        break;
      }
    }
    previous = block.kind;
  }
  doc.end();
  return done;
}

/** Parses the markdown subset described at the top of this file into blocks. */
export function parseInstructionsMarkdown(markdown: string): Block[] {
  const blocks: Block[] = [];
  let current: { kind: Block['kind']; level: 1 | 2 | 3; number: number; lines: string[] } | null =
    null;
  const flush = (): void => {
    if (!current) return;
    const spans = parseInline(current.lines.join(' '));
    if (current.kind === 'heading') blocks.push({ kind: 'heading', level: current.level, spans });
    else if (current.kind === 'numbered') {
      blocks.push({ kind: 'numbered', number: current.number, spans });
    } else if (current.kind === 'bullet') blocks.push({ kind: 'bullet', spans });
    else blocks.push({ kind: 'paragraph', spans });
    current = null;
  };
  for (const rawLine of markdown.split(/\r?\n/)) {
    const line = rawLine.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const numbered = /^(\d+)\.\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]?.length === 1 ? 1 : heading[1]?.length === 2 ? 2 : 3;
      current = { kind: 'heading', level, number: 0, lines: [heading[2] ?? ''] };
      flush();
    } else if (numbered) {
      flush();
      current = {
        kind: 'numbered',
        level: 1,
        number: Number(numbered[1]),
        lines: [numbered[2] ?? ''],
      };
    } else if (bullet) {
      flush();
      current = { kind: 'bullet', level: 1, number: 0, lines: [bullet[1] ?? ''] };
    } else if (current) {
      current.lines.push(line);
    } else {
      current = { kind: 'paragraph', level: 1, number: 0, lines: [line] };
    }
  }
  flush();
  return blocks;
}

/** Splits one block's text into plain, **bold** and `code` spans. */
export function parseInline(text: string): InlineSpan[] {
  const spans: InlineSpan[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) spans.push({ text: text.slice(last, match.index), style: 'normal' });
    if (match[1] !== undefined) spans.push({ text: match[1], style: 'code' });
    else if (match[2] !== undefined) spans.push({ text: match[2], style: 'bold' });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ text: text.slice(last), style: 'normal' });
  return spans;
}

function plainText(spans: InlineSpan[]): string {
  return spans.map((s) => s.text).join('');
}

/**
 * Writes spans as one flowing block of text starting at (x, doc.y), switching fonts between
 * spans. `base` is the font of plain spans (bold for headings).
 */
function writeSpans(
  doc: PDFKit.PDFDocument,
  spans: InlineSpan[],
  x: number,
  width: number,
  size: number,
  base: 'normal' | 'bold',
): void {
  spans.forEach((span, i) => {
    const style = span.style === 'normal' ? base : span.style;
    doc.font(FONTS[style]).fontSize(style === 'code' ? Math.min(CODE_SIZE, size) : size);
    const options = { continued: i < spans.length - 1, lineGap: 2 };
    if (i === 0) doc.text(span.text, x, doc.y, { ...options, width });
    else doc.text(span.text, options);
  });
}

/**
 * Starts a new page when a block (plus `linesAfter` lines of what follows, so a heading is
 * never left alone at the bottom) would not fit on the current one.
 */
function keepTogether(
  doc: PDFKit.PDFDocument,
  spans: InlineSpan[],
  size: number,
  width: number,
  linesAfter: number,
): void {
  doc.font(FONTS.normal).fontSize(size);
  const needed =
    doc.heightOfString(plainText(spans), { width, lineGap: 2 }) +
    linesAfter * doc.currentLineHeight(true);
  if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
}

// The characters PDF's standard fonts can show (WinAnsiEncoding): printable ASCII,
// Latin-1 and the few extra punctuation marks Windows-1252 places in 0x80-0x9F.
const WIN_ANSI_EXTRAS = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
function isWinAnsi(c: string): boolean {
  const code = c.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(c);
}
