import { FIT_CV_TEXT_MAX, FIT_CV_UPLOAD_MAX_BYTES } from '../../contract/fit';

// Issue 40: a CV's text from an uploaded .txt, .pdf or .docx (the text is kept, the file is not).
// PDFs are read by unpdf (Mozilla's pdf.js built for servers, no canvas), Word files by mammoth;
// both are loaded on the first upload, not with the server (decision 061 has their sizes and
// checks). A file that cannot be read gives a CvTextError whose message the operator can act on.

export type CvKind = 'txt' | 'pdf' | 'docx';

/**
 * Why a file gave no text. `too_big` and `wrong_type` are the request's (413, 415); the others
 * are the file's (422: it is what was meant, but has no text to give).
 */
export type CvTextErrorCode =
  'too_big' | 'wrong_type' | 'unreadable' | 'encrypted' | 'no_text' | 'too_long';

export class CvTextError extends Error {
  constructor(
    readonly code: CvTextErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CvTextError';
  }
}

export interface CvFile {
  bytes: Uint8Array;
  /** The file's name as uploaded ("cv.pdf"). */
  name: string;
  /** The upload's media type, when the browser gave one. */
  type?: string | null;
}

const TYPES: Readonly<Record<string, CvKind>> = {
  'text/plain': 'txt',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

const SUPPORTED = 'a .txt, .pdf or .docx file';

/** The file's kind by its name's ending, else by its media type; null for any other. */
export function cvKind(name: string, type?: string | null): CvKind | null {
  const ending = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ending === 'txt' || ending === 'pdf' || ending === 'docx') return ending;
  if (ending) return null;
  return TYPES[(type ?? '').split(';')[0]?.trim().toLowerCase() ?? ''] ?? null;
}

const startsWith = (bytes: Uint8Array, ...prefix: number[]): boolean =>
  prefix.every((b, i) => bytes[i] === b);

/** Text with a byte-order mark read as it says (UTF-8, UTF-16 LE or BE), else UTF-8, else Windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf))
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, 0xff, 0xfe)) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, 0xfe, 0xff)) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: an older editor's Western text, the one other encoding a .txt CV is likely in.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readTxt(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (text.includes('\u0000'))
    throw new CvTextError(
      'unreadable',
      'The .txt file is not text: upload the CV as .txt, .pdf or .docx, or paste its text.',
    );
  return text;
}

async function readPdf(bytes: Uint8Array): Promise<string> {
  if (!startsWith(bytes, 0x25, 0x50, 0x44, 0x46, 0x2d))
    throw new CvTextError('unreadable', 'The file is not a PDF: it does not start as one.');
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pages: string[];
  try {
    // pdf.js takes the array over; it gets a copy. verbosity 0: its warnings would go to stdout.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      isEvalSupported: false,
    });
    pages = (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException')
      throw new CvTextError(
        'encrypted',
        'The PDF is protected by a password: save it without one, or paste the CV’s text.',
      );
    throw new CvTextError(
      'unreadable',
      'The PDF could not be read (it may be damaged): save it again, or paste the CV’s text.',
    );
  }
  const text = pages.join('\n\n');
  if (!/[\p{L}\p{N}]/u.test(text))
    throw new CvTextError(
      'no_text',
      'The PDF has no text to read (a scanned image?): paste the CV’s text instead.',
    );
  return text;
}

async function readDocx(bytes: Uint8Array): Promise<string> {
  if (!startsWith(bytes, 0x50, 0x4b, 0x03, 0x04))
    throw new CvTextError('unreadable', 'The file is not a .docx: it is not the zip a .docx is.');
  const { default: mammoth } = await import('mammoth');
  try {
    const result = await mammoth.extractRawText({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
    return result.value;
  } catch {
    throw new CvTextError(
      'unreadable',
      'The .docx file could not be read (it may be damaged): save it again, or paste the CV’s text.',
    );
  }
}

/** Line breaks made \n, spaces at line ends dropped, no more than one empty line in a row. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A file over FIT_CV_UPLOAD_MAX_BYTES (also what the upload route answers when it stops one). */
export function cvTooBig(): CvTextError {
  return new CvTextError(
    'too_big',
    `The file is larger than ${FIT_CV_UPLOAD_MAX_BYTES / 1024 / 1024} MB: upload the CV as a smaller file, or paste its text.`,
  );
}

/**
 * The text of an uploaded CV: .txt (UTF-8, or UTF-16 with its byte-order mark), .pdf or .docx,
 * told by the name's ending (else the media type). Throws CvTextError for a file too big, of
 * another kind, damaged, password-protected, with no text, or longer than a profile keeps.
 */
export async function cvText(file: CvFile): Promise<string> {
  if (file.bytes.byteLength > FIT_CV_UPLOAD_MAX_BYTES) throw cvTooBig();
  const kind = cvKind(file.name, file.type);
  if (!kind)
    throw new CvTextError(
      'wrong_type',
      `The CV must be ${SUPPORTED}; ${file.name || 'this file'} is not.`,
    );
  const raw =
    kind === 'txt'
      ? readTxt(file.bytes)
      : kind === 'pdf'
        ? await readPdf(file.bytes)
        : await readDocx(file.bytes);
  const text = tidyText(raw);
  if (!text) throw new CvTextError('no_text', 'The file has no text: paste the CV’s text instead.');
  if (text.length > FIT_CV_TEXT_MAX)
    throw new CvTextError(
      'too_long',
      `The CV’s text is longer than ${FIT_CV_TEXT_MAX.toLocaleString('en')} characters: paste the part that matters.`,
    );
  return text;
}
