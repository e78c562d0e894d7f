import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  parseInline,
  parseInstructionsMarkdown,
  renderInstructionsPdf,
} from './render-instructions-pdf';

const sourcePath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../docs/instructions/how-to-retrieve-cookies.md',
);

/**
 * The text drawn on the pages of an uncompressed pdfkit PDF: pdfkit writes each line as a
 * TJ array of hex strings (WinAnsi bytes) with kerning numbers between them.
 */
function pageText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const array of raw.matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)) {
    const hexes = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '');
    lines.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
  }
  return lines.join('\n');
}

/** The Title of the PDF's document information (pdfkit writes it as an object of its own). */
function infoTitle(pdf: Buffer): string | undefined {
  const raw = pdf.toString('latin1');
  const direct = /\/Title \((.*?)\)/.exec(raw);
  if (direct) return direct[1];
  const ref = /\/Title (\d+) 0 R/.exec(raw);
  if (!ref) return undefined;
  return new RegExp(`\\n${ref[1]} 0 obj\\s*\\((.*?)\\)\\s*endobj`).exec(raw)?.[1];
}

/** Joins the lines of running text again, so a phrase broken across two lines is found. */
function flowing(text: string): string {
  return text.replace(/\s+/g, ' ');
}

describe('renderInstructionsPdf', () => {
  it('renders the repository source to a PDF titled with the site name', async () => {
    const pdf = await renderInstructionsPdf(await readFile(sourcePath, 'utf8'), 'LinkedIn');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(infoTitle(pdf)).toBe('How to retrieve LinkedIn cookies');
    const text = pageText(pdf);
    expect(text).toContain('How to retrieve LinkedIn cookies');
    expect(text).not.toContain('{site}');
    const all = flowing(text);
    for (const phrase of [
      'Chrome and Edge',
      'Firefox',
      'Application',
      'Storage',
      'Cookies',
      'https://www.linkedin.com',
      'li_at',
      'JSESSIONID',
      'CSRF token',
      'li_at=AQEDAT...; JSESSIONID="ajax:1234567890123456789"',
      'Network',
      'Copy as cURL (bash)',
      '-b',
      '--cookie',
      'Treat them like a password',
      'Signing out of LinkedIn',
    ]) {
      expect(all, phrase).toContain(phrase);
    }
  });

  it('fills in another site name everywhere', async () => {
    const pdf = await renderInstructionsPdf(await readFile(sourcePath, 'utf8'), 'Example Jobs');
    expect(infoTitle(pdf)).toBe('How to retrieve Example Jobs cookies');
    expect(pageText(pdf)).toContain('How to retrieve Example Jobs cookies');
    expect(pageText(pdf)).not.toContain('LinkedIn cookies');
  });

  it('is byte-for-byte the same on every build', async () => {
    const markdown = await readFile(sourcePath, 'utf8');
    const first = await renderInstructionsPdf(markdown, 'LinkedIn');
    const second = await renderInstructionsPdf(markdown, 'LinkedIn');
    expect(first.equals(second)).toBe(true);
  });

  it('sets inline code in the monospace font', async () => {
    const pdf = await renderInstructionsPdf('# Title\n\nUse `li_at` now.', 'LinkedIn');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/Courier\b/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/Helvetica-Bold\b/);
  });

  it('refuses a source without a title or with characters the standard fonts lack', async () => {
    await expect(renderInstructionsPdf('Just text', 'LinkedIn')).rejects.toThrow('title');
    await expect(
      renderInstructionsPdf('# Title\n\nDevTools → Application', 'LinkedIn'),
    ).rejects.toThrow('U+2192');
  });
});

describe('parseInstructionsMarkdown', () => {
  it('reads headings, paragraphs, numbered steps and bullets', () => {
    const blocks = parseInstructionsMarkdown(
      [
        '# Title',
        '',
        'A paragraph',
        'that goes on.',
        '',
        '## Steps',
        '1. First',
        '   continued.',
        '2. Second',
        '',
        '- one',
        '- two',
        '### Small',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, spans: [{ text: 'Title', style: 'normal' }] },
      { kind: 'paragraph', spans: [{ text: 'A paragraph that goes on.', style: 'normal' }] },
      { kind: 'heading', level: 2, spans: [{ text: 'Steps', style: 'normal' }] },
      { kind: 'numbered', number: 1, spans: [{ text: 'First continued.', style: 'normal' }] },
      { kind: 'numbered', number: 2, spans: [{ text: 'Second', style: 'normal' }] },
      { kind: 'bullet', spans: [{ text: 'one', style: 'normal' }] },
      { kind: 'bullet', spans: [{ text: 'two', style: 'normal' }] },
      { kind: 'heading', level: 3, spans: [{ text: 'Small', style: 'normal' }] },
    ]);
  });

  it('splits inline code and bold', () => {
    expect(parseInline('Paste `li_at=x` into **Settings** now')).toEqual([
      { text: 'Paste ', style: 'normal' },
      { text: 'li_at=x', style: 'code' },
      { text: ' into ', style: 'normal' },
      { text: 'Settings', style: 'bold' },
      { text: ' now', style: 'normal' },
    ]);
  });
});
