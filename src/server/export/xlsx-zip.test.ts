import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { XlsxZip } from './xlsx-zip';

function collect(): { sink: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

/** Writes `data` into a streamed entry in `pieces` chunks, waiting whenever asked to. */
async function streamEntry(zip: XlsxZip, name: string, data: Buffer, pieces: number) {
  const entry = zip.openEntry(name);
  const step = Math.ceil(data.length / pieces);
  for (let i = 0; i < data.length; i += step) {
    if (!entry.write(data.subarray(i, i + step))) await entry.drained();
  }
  await entry.end();
}

describe('XlsxZip', () => {
  it('writes whole and streamed entries that read back byte for byte, in order', async () => {
    const { sink, bytes } = collect();
    const zip = new XlsxZip(sink);
    const noise = randomBytes(3 * 1024 * 1024);
    zip.addFile('[Content_Types].xml', '<Types/>');
    await streamEntry(zip, 'xl/worksheets/sheet1.xml', noise, 5);
    zip.addFile('xl/workbook.xml', 'Grüße');
    await zip.finish();
    const entries = unzipSync(bytes());
    expect(Object.keys(entries)).toEqual([
      '[Content_Types].xml',
      'xl/worksheets/sheet1.xml',
      'xl/workbook.xml',
    ]);
    expect(Buffer.from(entries['xl/worksheets/sheet1.xml'] ?? []).equals(noise)).toBe(true);
    expect(Buffer.from(entries['xl/workbook.xml'] ?? []).toString()).toBe('Grüße');
  });

  it('writes deflated data, with the CRC and size zlib agrees with in its descriptor', async () => {
    // An independent reading: inflate the raw entry with zlib and CRC it here.
    const { sink, bytes } = collect();
    const zip = new XlsxZip(sink);
    const data = Buffer.from('abc'.repeat(100_000));
    await streamEntry(zip, 'abc', data, 7);
    await zip.finish();
    const archive = bytes();
    expect(archive.readUInt16LE(8)).toBe(8); // method: deflate
    const start = 30 + archive.readUInt16LE(26) + archive.readUInt16LE(28);
    const descriptorAt = archive.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]), start);
    const compressed = archive.subarray(start, descriptorAt);
    expect(compressed.length).toBeLessThan(data.length / 20);
    expect(zlib.inflateRawSync(compressed).equals(data)).toBe(true);
    expect(archive.readUInt32LE(descriptorAt + 4)).toBe(zlib.crc32(data));
    expect(archive.readUInt32LE(descriptorAt + 8)).toBe(compressed.length);
    expect(archive.readUInt32LE(descriptorAt + 12)).toBe(data.length);
  });

  it('calls back once the compressor has read a chunk, so its buffer can be reused', async () => {
    const { sink } = collect();
    const zip = new XlsxZip(sink);
    const entry = zip.openEntry('a');
    const read = new Promise<void>((resolve) => entry.write(Buffer.from('some data'), resolve));
    await read;
    await entry.end();
    await zip.finish();
  });

  it('refuses a second entry while one is open, and anything after finish', async () => {
    const { sink } = collect();
    const zip = new XlsxZip(sink);
    const entry = zip.openEntry('a');
    expect(() => zip.addFile('b', 'b')).toThrow('end the open entry first');
    await entry.end();
    await zip.finish();
    expect(() => zip.addFile('c', 'c')).toThrow('already finished');
  });

  it('stops taking data while the output is not read, and goes on once it is', async () => {
    const out = new PassThrough();
    const zip = new XlsxZip(out);
    const entry = zip.openEntry('noise.bin');
    let written = 0;
    let waiting = false;
    // Incompressible data, so every byte taken has to reach the output.
    const chunk = randomBytes(64 * 1024);
    const writing = (async () => {
      while (written < 16 * 1024 * 1024) {
        written += chunk.length;
        if (!entry.write(chunk)) {
          waiting = true;
          await entry.drained();
          waiting = false;
        }
      }
      await entry.end();
      await zip.finish();
    })();
    for (let turn = 0; turn < 50; turn += 1) await new Promise((r) => setImmediate(r));
    // Nobody reads `out`: the writer waits with a bounded amount taken in.
    expect(waiting).toBe(true);
    expect(written).toBeLessThan(4 * 1024 * 1024);
    let received = 0;
    out.on('data', (c: Buffer) => {
      received += c.length;
    });
    await writing;
    expect(received).toBeGreaterThan(16 * 1024 * 1024);
  });

  it('rejects the waits and the finish when the output fails', async () => {
    const out = new Writable({
      write(_chunk, _encoding, done) {
        done(new Error('disk full'));
      },
    });
    const zip = new XlsxZip(out);
    const entry = zip.openEntry('noise.bin');
    const chunk = randomBytes(256 * 1024);
    const run = async () => {
      for (let i = 0; i < 1_000; i += 1) {
        if (!entry.write(chunk)) await entry.drained();
        else await new Promise((r) => setImmediate(r));
      }
      await entry.end();
      await zip.finish();
    };
    await expect(run()).rejects.toThrow('disk full');
  });

  it('abort breaks the output', async () => {
    const out = new PassThrough();
    out.resume();
    const zip = new XlsxZip(out);
    zip.openEntry('a').write(Buffer.from('some data'));
    await zip.abort(new Error('source failed'));
    expect(out.destroyed).toBe(true);
    expect(out.errored?.message).toBe('source failed');
  });
});
