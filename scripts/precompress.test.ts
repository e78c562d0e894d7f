import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, content: string | Buffer): Buffer {
  const target = path.join(root, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
  return fs.readFileSync(target);
}

const exists = (file: string) => fs.existsSync(path.join(root, file));
const text = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const value${i} = ${i * 7};\n`).join('');

describe('precompressDirectory', () => {
  it('writes a .br and a .gz beside every text file, in folders too, each decoding to the file', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-precompress-'));
    const script = write('assets/index-abc123.js', text(400));
    const style = write('assets/deep/layout-def456.css', '.a { color: red; }\n'.repeat(200));
    const files = await precompressDirectory(root);

    expect(files.map((f) => f.file).sort()).toEqual([
      'assets/deep/layout-def456.css',
      'assets/index-abc123.js',
    ]);
    for (const [file, bytes] of [
      ['assets/index-abc123.js', script],
      ['assets/deep/layout-def456.css', style],
    ] as const) {
      const br = fs.readFileSync(path.join(root, `${file}.br`));
      const gz = fs.readFileSync(path.join(root, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(bytes), file).toBe(true);
      expect(gunzipSync(gz).equals(bytes), file).toBe(true);
      expect(br.length).toBeLessThan(bytes.length / 4);
      const figures = files.find((f) => f.file === file);
      expect(figures).toEqual({ file, bytes: bytes.length, br: br.length, gzip: gz.length });
    }
  });

  it('leaves compressed formats, skipped files and files compression would not shrink alone', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-precompress-'));
    write('instructions.pdf', text(200));
    write('logo.png', text(200));
    write('index.html', `<html>${text(200)}</html>`);
    write('tiny.js', 'x');
    // A copy left by an earlier build of other content: it must not be sent for the new file.
    write('tiny.js.br', 'stale');
    const files = await precompressDirectory(root, (file) => file === 'index.html');

    expect(files).toEqual([{ file: 'tiny.js', bytes: 1, br: null, gzip: null }]);
    for (const file of ['instructions.pdf', 'logo.png', 'index.html', 'tiny.js']) {
      expect(exists(`${file}.br`), file).toBe(false);
      expect(exists(`${file}.gz`), file).toBe(false);
    }
  });
});
