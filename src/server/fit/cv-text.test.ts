import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FIT_CV_UPLOAD_MAX_BYTES } from '../../contract/fit';
import { cvKind, cvText, CvTextError, type CvTextErrorCode } from './cv-text';
import { docx, pdf } from './cv-test-kit';

// Real files, made by cv-test-kit.ts: PDFs by pdfkit (with text, with a password, with only a
// drawing) and a .docx zipped by hand from its three required parts.

async function failure(
  promise: Promise<unknown>,
): Promise<{ code: CvTextErrorCode; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CvTextError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a CvTextError');
}

describe('cvText', () => {
  it('reads a PDF’s text, page after page', async () => {
    const bytes = await pdf((doc) => {
      doc.text('Jane Müller, backend engineer: TypeScript, Kubernetes, PostgreSQL.');
      doc.addPage().text('Seven years of Kafka and Go.');
    });
    expect(await cvText({ bytes, name: 'CV Jane.PDF' })).toBe(
      'Jane Müller, backend engineer: TypeScript, Kubernetes, PostgreSQL.\n\nSeven years of Kafka and Go.',
    );
  });

  it('reads a .docx’s paragraphs', async () => {
    const bytes = docx(['Jane Müller', 'Backend engineer — TypeScript &amp; Kubernetes', 'Berlin']);
    expect(await cvText({ bytes, name: 'cv.docx' })).toBe(
      'Jane Müller\n\nBackend engineer — TypeScript & Kubernetes\n\nBerlin',
    );
  });

  it('reads .txt as UTF-8, UTF-16 by its byte-order mark, or Windows-1252', async () => {
    const text = 'Jane Müller\r\nTypeScript · Kubernetes   \r\n\r\n\r\n\r\nBerlin';
    const expected = 'Jane Müller\nTypeScript · Kubernetes\n\nBerlin';
    expect(await cvText({ bytes: strToU8(text), name: 'cv.txt' })).toBe(expected);
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    expect(await cvText({ bytes: utf16, name: 'cv.txt' })).toBe(expected);
    const be = Buffer.from(text, 'utf16le').swap16();
    expect(await cvText({ bytes: new Uint8Array([0xfe, 0xff, ...be]), name: 'cv.txt' })).toBe(
      expected,
    );
    expect(
      await cvText({ bytes: new Uint8Array(Buffer.from('Müller', 'latin1')), name: 'cv.txt' }),
    ).toBe('Müller');
    expect(
      await cvText({
        bytes: strToU8('\ufeffBOM first'),
        name: 'notes',
        type: 'text/plain; charset=utf-8',
      }),
    ).toBe('BOM first');
  });

  it('says a password-protected PDF, an image-only PDF and a damaged file give no text', async () => {
    const locked = await pdf((doc) => doc.text('Secret CV'), {
      userPassword: 'secret',
      ownerPassword: 'owner',
    });
    expect(await failure(cvText({ bytes: locked, name: 'cv.pdf' }))).toMatchObject({
      code: 'encrypted',
      message: expect.stringMatching(/password/),
    });
    const drawing = await pdf((doc) => doc.rect(50, 50, 200, 100).fill('#333'));
    expect(await failure(cvText({ bytes: drawing, name: 'scan.pdf' }))).toMatchObject({
      code: 'no_text',
      message: expect.stringMatching(/scanned/),
    });
    const cut = (await pdf((doc) => doc.text('Half a file'))).subarray(0, 300);
    expect((await failure(cvText({ bytes: cut, name: 'cv.pdf' }))).code).toBe('unreadable');
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);
    expect(await failure(cvText({ bytes: zip, name: 'cv.docx' }))).toMatchObject({
      code: 'unreadable',
      message: expect.stringMatching(/\.docx/),
    });
    expect((await failure(cvText({ bytes: strToU8('%PDF? no'), name: 'cv.docx' }))).code).toBe(
      'unreadable',
    );
    expect((await failure(cvText({ bytes: strToU8('plain words'), name: 'cv.pdf' }))).code).toBe(
      'unreadable',
    );
    expect(
      (await failure(cvText({ bytes: new Uint8Array([0x41, 0, 0x42]), name: 'cv.txt' }))).code,
    ).toBe('unreadable');
    expect((await failure(cvText({ bytes: strToU8('  \n '), name: 'cv.txt' }))).code).toBe(
      'no_text',
    );
  });

  it('refuses another kind of file, and a file over the upload limit, before reading it', async () => {
    expect(await failure(cvText({ bytes: strToU8('x'), name: 'cv.doc' }))).toEqual({
      code: 'wrong_type',
      message: 'The CV must be a .txt, .pdf or .docx file; cv.doc is not.',
    });
    expect(
      (await failure(cvText({ bytes: strToU8('x'), name: 'photo', type: 'image/png' }))).code,
    ).toBe('wrong_type');
    const big = new Uint8Array(FIT_CV_UPLOAD_MAX_BYTES + 1);
    expect((await failure(cvText({ bytes: big, name: 'cv.txt' }))).code).toBe('too_big');
  });

  it('tells the kind by the name’s ending, else by the media type', () => {
    expect(cvKind('Lebenslauf.DOCX')).toBe('docx');
    expect(cvKind('upload', 'application/pdf')).toBe('pdf');
    expect(cvKind('cv.pages', 'application/pdf')).toBeNull();
  });
});
