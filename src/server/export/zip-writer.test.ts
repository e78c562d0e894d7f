import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, tableCrc32 } from './crc32';
import { readZipArchive } from './read-zip-entry';
import { ZipWriter } from './zip-writer';

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
async function streamEntry(zip: ZipWriter, name: string, data: Buffer, pieces: number) {
  const entry = zip.openEntry(name);
  const step = Math.ceil(data.length / pieces);
  for (let i = 0; i < data.length; i += step) {
    if (!entry.write(data.subarray(i, i + step))) await entry.drained();
  }
  await entry.end();
}

describe('crc32', () => {
  it('matches the table-driven CRC-32, also when continued over pieces', () => {
    const data = randomBytes(100_000);
    expect(tableCrc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(data)).toBe(tableCrc32(data));
    expect(tableCrc32(data.subarray(70_000), tableCrc32(data.subarray(0, 70_000)))).toBe(
      crc32(data),
    );
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });
});

describe('ZipWriter', () => {
  it('writes whole and streamed entries that read back byte for byte', async () => {
    const { sink, bytes } = collect();
    const zip = new ZipWriter(sink);
    const text = 'hello, zip\n'.repeat(1_000);
    const noise = randomBytes(3 * 1024 * 1024);
    const repetitive = Buffer.from('<row r="1"><c r="A1"><v>1</v></c></row>'.repeat(200_000));
    zip.addFile('small.txt', text);
    zip.addFile('tiny', 'x');
    zip.addFile('empty', '');
    await streamEntry(zip, 'dir/noise.bin', noise, 40);
    await streamEntry(zip, 'dir/repetitive.xml', repetitive, 100);
    await streamEntry(zip, 'nothing', Buffer.alloc(0), 1);
    zip.addFile('naïve – ünïcode.txt', 'ü');
    await zip.finish();

    const entries = readZipArchive(bytes());
    expect(entries.map((e) => e.name)).toEqual([
      'small.txt',
      'tiny',
      'empty',
      'dir/noise.bin',
      'dir/repetitive.xml',
      'nothing',
      'naïve – ünïcode.txt',
    ]);
    const byName = new Map(entries.map((e) => [e.name, e]));
    expect(byName.get('small.txt')?.data.toString()).toBe(text);
    expect(byName.get('small.txt')?.method).toBe(8);
    // Deflating one byte would make it bigger: stored instead.
    expect(byName.get('tiny')?.method).toBe(0);
    expect(byName.get('tiny')?.data.toString()).toBe('x');
    expect(byName.get('empty')?.data.length).toBe(0);
    expect(byName.get('dir/noise.bin')?.data.equals(noise)).toBe(true);
    expect(byName.get('dir/noise.bin')?.flags).toBe(0x0808);
    expect(byName.get('dir/repetitive.xml')?.data.equals(repetitive)).toBe(true);
    expect(byName.get('nothing')?.data.length).toBe(0);
    expect(byName.get('naïve – ünïcode.txt')?.data.toString()).toBe('ü');
    // Compressed, not stored: 8 MB of repeated markup shrinks to a sliver.
    expect(bytes().length).toBeLessThan(noise.length + 200_000);
  });

  it('refuses a second entry while one is open, and anything after finish', async () => {
    const { sink } = collect();
    const zip = new ZipWriter(sink);
    const entry = zip.openEntry('a');
    expect(() => zip.addFile('b', 'b')).toThrow('end the open entry first');
    await entry.end();
    await zip.finish();
    expect(() => zip.addFile('c', 'c')).toThrow('already finished');
  });

  it('stops taking data while the output is not read, and goes on once it is', async () => {
    const out = new PassThrough();
    const zip = new ZipWriter(out);
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
    const zip = new ZipWriter(out);
    const entry = zip.openEntry('noise.bin');
    const chunk = randomBytes(256 * 1024);
    const run = async () => {
      for (let i = 0; i < 1_000; i += 1) {
        if (!entry.write(chunk)) await entry.drained();
        else await new Promise((r) => setImmediate(r));
      }
    };
    await expect(run()).rejects.toThrow('disk full');
  });

  it('abort breaks the output', async () => {
    const out = new PassThrough();
    out.resume();
    const zip = new ZipWriter(out);
    zip.openEntry('a').write(Buffer.from('some data'));
    await zip.abort(new Error('source failed'));
    expect(out.destroyed).toBe(true);
    expect(out.errored?.message).toBe('source failed');
  });

  it('writes the data zlib inflates to the same CRC as the descriptor says', async () => {
    // An independent reading: inflate the raw entry with zlib and CRC it here.
    const { sink, bytes } = collect();
    const zip = new ZipWriter(sink);
    const data = Buffer.from('abc'.repeat(100_000));
    await streamEntry(zip, 'abc', data, 7);
    await zip.finish();
    const archive = bytes();
    const nameLength = archive.readUInt16LE(26);
    const start = 30 + nameLength;
    const descriptorAt = archive.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]), start);
    const inflated = zlib.inflateRawSync(archive.subarray(start, descriptorAt));
    expect(inflated.equals(data)).toBe(true);
    expect(archive.readUInt32LE(descriptorAt + 4)).toBe(zlib.crc32(data));
    expect(archive.readUInt32LE(descriptorAt + 12)).toBe(data.length);
  });
});
