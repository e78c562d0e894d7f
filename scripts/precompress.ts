import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Text formats, the ones compression shrinks. Images, fonts and PDFs are compressed formats
 * already: a second pass gains a few bytes and costs the client a decode.
 */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/** The suffixes @fastify/static's `preCompressed` looks for beside a file, by encoding. */
export const ENCODED_SUFFIXES = { br: '.br', gzip: '.gz' } as const;

export interface PrecompressedFile {
  /** The file's path under the folder, with forward slashes. */
  file: string;
  bytes: number;
  /** The .br written beside it, or null when it would not have been smaller than the file. */
  br: number | null;
  gzip: number | null;
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible
 * file under `root`, once at build time, so the server sends them as they are: the highest
 * levels cost seconds here and nothing per request. An encoding that would not make a file
 * smaller is not written, and any old copy of it is removed, so the server sends the file itself.
 * `skip` names files (their path under `root`) to leave alone.
 */
export async function precompressDirectory(
  root: string,
  skip: (file: string) => boolean = () => false,
): Promise<PrecompressedFile[]> {
  const entries = await readdir(root, { recursive: true });
  const files: string[] = [];
  for (const entry of entries) {
    const file = entry.split(path.sep).join('/');
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase()) || skip(file)) continue;
    if ((await stat(path.join(root, entry))).isFile()) files.push(file);
  }
  // zlib's asynchronous calls run on libuv's thread pool: the files compress in parallel.
  return Promise.all(files.map((file) => precompressFile(root, file)));
}

async function precompressFile(root: string, file: string): Promise<PrecompressedFile> {
  const source = path.join(root, file);
  const bytes = await readFile(source);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const keep = async (encoded: Buffer, suffix: string): Promise<number | null> => {
    if (encoded.length < bytes.length) {
      await writeFile(source + suffix, encoded);
      return encoded.length;
    }
    await rm(source + suffix, { force: true });
    return null;
  };
  return {
    file,
    bytes: bytes.length,
    br: await keep(br, ENCODED_SUFFIXES.br),
    gzip: await keep(gz, ENCODED_SUFFIXES.gzip),
  };
}
