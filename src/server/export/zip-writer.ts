import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { crc32 } from './crc32';

/**
 * A minimal streaming zip writer: just what an .xlsx needs. Entries are written one after
 * the other straight into the output; a streamed entry's local header carries the
 * "data descriptor" flag (bit 3), so its CRC and sizes follow its data instead of being
 * known up front, and the central directory at the end repeats them all.
 *
 * No ZIP64: sizes and offsets must stay below 4 GB (an export of 100,000 jobs is ~100 MB
 * zipped, ~350 MB of sheet XML); past that the writer fails with a clear error rather than
 * writing a corrupt archive.
 *
 * Compression runs on libuv's thread pool, several segments at once (see ZipEntryStream):
 * while they are deflated, the caller builds the next ones on the main thread.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** "Version needed to extract": 2.0, deflate. */
const VERSION = 20;
/** Bit 3: CRC and sizes follow the data. */
const FLAG_DATA_DESCRIPTOR = 0x0008;
/** Bit 11: names are UTF-8. */
const FLAG_UTF8 = 0x0800;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;

/** Level 1: several times faster than the default level, and text still shrinks ~4×. */
const DEFLATE_LEVEL = 1;
/** The largest hash table: a little faster at level 1, for ~200 KB more per compressor. */
const DEFLATE_MEM_LEVEL = 9;
/** Segments being compressed or written at once: enough to keep both cores busy. */
const SEGMENTS_IN_FLIGHT = 3;
/** Compressed bytes queued for the output before a segment waits for it to drain. */
const SINK_BACKLOG = 64 * 1024;
/** Deflate's history window: what a segment may refer back to. */
const WINDOW_BYTES = 32 * 1024;
/** An empty final block (fixed Huffman codes): closes a stream of sync-flushed segments. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

interface CentralEntry {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export class ZipTooLargeError extends Error {
  constructor(what: string) {
    super(`the archive is too large: ${what} passes 4 GB, the limit of a zip without ZIP64`);
    this.name = 'ZipTooLargeError';
  }
}

export class ZipWriter {
  /** Our side of the output: piped into it, so its backpressure and failures reach us. */
  private readonly sink = new PassThrough({ highWaterMark: SINK_BACKLOG });
  /** Settles when the output has taken the whole archive, or has failed. */
  private readonly delivered: Promise<void>;
  /** Rejects when the output fails or closes before the archive is complete. */
  private readonly failed: Promise<never>;
  private readonly entries: CentralEntry[] = [];
  private offset = 0;
  private open: ZipEntryStream | null = null;
  private finished = false;
  private readonly dosTime: number;
  private readonly dosDate: number;

  constructor(out: NodeJS.WritableStream, now: Date = new Date()) {
    this.delivered = pipeline(this.sink, out);
    this.failed = this.delivered.then(
      () => {
        throw new Error('the output ended before the archive was complete');
      },
      (error: unknown) => {
        throw error instanceof Error ? error : new Error('the output failed');
      },
    );
    // Every wait races against `failed`; once the race is decided nobody else listens.
    this.failed.catch(() => undefined);
    this.dosTime = (now.getHours() << 11) | (now.getMinutes() << 5) | (now.getSeconds() >> 1);
    this.dosDate =
      (Math.max(0, now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  }

  /** Waits for `promise`, or rejects as soon as the output fails. */
  race<T>(promise: Promise<T>): Promise<T> {
    return Promise.race([promise, this.failed]);
  }

  /** Adds a small entry held whole in memory, deflated in one go. */
  addFile(name: string, content: string | Buffer): void {
    this.assertCanStart();
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const deflated = zlib.deflateRawSync(data, { level: DEFLATE_LEVEL });
    // Tiny parts can grow when deflated; stored is then smaller and as valid.
    const stored = deflated.length >= data.length;
    const entry: CentralEntry = {
      name: Buffer.from(name, 'utf8'),
      flags: FLAG_UTF8,
      method: stored ? METHOD_STORED : METHOD_DEFLATE,
      crc: crc32(data),
      compressedSize: stored ? data.length : deflated.length,
      size: data.length,
      offset: this.offset,
    };
    this.push(localHeader(entry, this.dosTime, this.dosDate));
    this.push(stored ? data : deflated);
    this.entries.push(entry);
  }

  /**
   * Starts a streamed entry. Only one entry can be open at a time: end it before adding
   * the next one.
   */
  openEntry(name: string): ZipEntryStream {
    this.assertCanStart();
    const entry: CentralEntry = {
      name: Buffer.from(name, 'utf8'),
      flags: FLAG_UTF8 | FLAG_DATA_DESCRIPTOR,
      method: METHOD_DEFLATE,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.offset,
    };
    this.push(localHeader(entry, this.dosTime, this.dosDate));
    const stream = new ZipEntryStream(this, entry, (chunk) => this.pushCompressed(chunk));
    this.open = stream;
    return stream;
  }

  /** Called by an entry stream once its data and descriptor are written. */
  closeEntry(stream: ZipEntryStream, entry: CentralEntry): void {
    if (this.open !== stream) throw new Error('zip: this entry is not the open one');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    this.push(descriptor);
    this.entries.push(entry);
    this.open = null;
  }

  /** Writes the central directory, ends the output and waits until it has taken it all. */
  async finish(): Promise<void> {
    this.assertCanStart();
    if (this.entries.length > MAX_ENTRIES) throw new ZipTooLargeError('the entry count');
    this.finished = true;
    const directoryOffset = this.offset;
    for (const entry of this.entries) this.push(centralHeader(entry, this.dosTime, this.dosDate));
    const directorySize = this.offset - directoryOffset;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(0, 4); // this disk
    end.writeUInt16LE(0, 6); // disk where the directory starts
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directorySize, 12);
    end.writeUInt32LE(directoryOffset, 16);
    end.writeUInt16LE(0, 20); // comment length
    this.push(end);
    this.sink.end();
    await this.delivered;
  }

  /**
   * Gives up: breaks the output so the reader sees an aborted transfer (never a short
   * file that looks complete), and waits until the output has been torn down.
   */
  async abort(error: Error): Promise<void> {
    this.finished = true;
    this.open?.destroy(error);
    this.sink.destroy(error);
    await this.delivered.catch(() => undefined);
  }

  private assertCanStart(): void {
    if (this.finished) throw new Error('zip: the archive is already finished');
    if (this.open) throw new Error('zip: end the open entry first');
  }

  /** Writes archive bytes (headers, small entries); they are small, so no wait here. */
  private push(bytes: Buffer): void {
    this.advance(bytes.length);
    this.sink.write(bytes);
  }

  /**
   * Writes a streamed entry's compressed bytes; answers false when the output is full and
   * the entry stream should pause until `outputDrained`.
   */
  private pushCompressed(chunk: Buffer): boolean {
    this.advance(chunk.length);
    return this.sink.write(chunk);
  }

  /** Resolves when the output can take more. */
  outputDrained(): Promise<unknown> {
    return once(this.sink, 'drain');
  }

  private advance(bytes: number): void {
    this.offset += bytes;
    // Local header offsets and the directory's offset are 32-bit without ZIP64.
    if (this.offset > MAX_32) throw new ZipTooLargeError('the archive');
  }
}

/**
 * One streamed entry, compressed pigz-style: each chunk given to `write` is deflated on its
 * own, on the thread pool, up to SEGMENTS_IN_FLIGHT at once, and the results are written in
 * order. One deflate stream works on one chunk at a time; at ~400 MB of sheet XML per
 * 100,000 jobs that single thread was the export's bottleneck, while the second core idled.
 *
 * Each segment ends with a sync flush (an empty stored block), so it ends on a byte
 * boundary and the next segment's blocks can follow it: the concatenation is one valid
 * deflate stream, closed by an empty final block. Each segment starts with the previous
 * 32 KB of data as its preset dictionary, so it compresses as if the stream had never been
 * cut (the reader already has those bytes: they are the data just before).
 */
export class ZipEntryStream {
  private chain: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private failure: Error | null = null;
  private waiter: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private dictionary: Buffer | undefined;

  constructor(
    private readonly zip: ZipWriter,
    private readonly entry: CentralEntry,
    private readonly pushCompressed: (chunk: Buffer) => boolean,
  ) {}

  /**
   * Compresses `data` as the next segment; `consumed` is called once the compressor is done
   * reading it, after which the caller may reuse the buffer. Answers false when enough
   * segments are under way: wait for `drained()` before writing more, so memory stays flat
   * however slowly the output is read.
   */
  write(data: Buffer, consumed?: () => void): boolean {
    if (this.failure) throw this.failure;
    this.entry.crc = crc32(data, this.entry.crc);
    this.entry.size += data.length;
    if (this.entry.size > MAX_32) {
      throw new ZipTooLargeError(`the entry ${this.entry.name.toString('utf8')}`);
    }
    const compressed = deflateSegment(data, this.dictionary);
    this.dictionary = lastWindow(this.dictionary, data);
    compressed.then(consumed, () => undefined);
    this.inFlight += 1;
    this.then(async () => {
      const segment = await compressed;
      await this.output(segment);
      this.inFlight -= 1;
      this.waiter?.resolve();
      this.waiter = null;
    });
    return this.inFlight < SEGMENTS_IN_FLIGHT;
  }

  /** Resolves when another segment may start; rejects if compression or the output fails. */
  drained(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.inFlight < SEGMENTS_IN_FLIGHT) return Promise.resolve();
    return this.zip.race(
      new Promise<void>((resolve, reject) => {
        this.waiter = { resolve, reject };
      }),
    );
  }

  /** Writes the last segments and the final block, then the data descriptor. */
  async end(): Promise<void> {
    if (this.failure) throw this.failure;
    this.then(() => this.output(FINAL_EMPTY_BLOCK));
    await this.chain;
    this.zip.closeEntry(this, this.entry);
  }

  destroy(error: Error): void {
    this.fail(error);
  }

  /** Queues a step after every earlier one; the first failure stops all later steps. */
  private then(step: () => Promise<void>): void {
    this.chain = this.chain.then(() => {
      if (this.failure) throw this.failure;
      return step();
    });
    this.chain.catch((error: unknown) => {
      this.fail(error instanceof Error ? error : new Error('zip: compression failed'));
    });
  }

  private async output(compressed: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.entry.compressedSize += compressed.length;
    if (this.entry.compressedSize > MAX_32) {
      throw new ZipTooLargeError(`the entry ${this.entry.name.toString('utf8')}`);
    }
    if (!this.pushCompressed(compressed)) await this.zip.race(this.zip.outputDrained());
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.waiter?.reject(error);
    this.waiter = null;
  }
}

/** Deflates one segment on the thread pool, ending it on a byte boundary (sync flush). */
function deflateSegment(data: Buffer, dictionary: Buffer | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zlib.deflateRaw(
      data,
      {
        level: DEFLATE_LEVEL,
        memLevel: DEFLATE_MEM_LEVEL,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
        // Room for the whole output at once: each extra round trip would wait for the
        // main thread to pick it up.
        chunkSize: data.length + (data.length >> 6) + 1024,
        ...(dictionary ? { dictionary } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The last 32 KB of the data so far (deflate's window), copied: `data` may be reused. */
function lastWindow(previous: Buffer | undefined, data: Buffer): Buffer {
  if (data.length >= WINDOW_BYTES) return Buffer.from(data.subarray(data.length - WINDOW_BYTES));
  const joined = previous ? Buffer.concat([previous, data]) : Buffer.from(data);
  return joined.length > WINDOW_BYTES ? joined.subarray(joined.length - WINDOW_BYTES) : joined;
}

function localHeader(entry: CentralEntry, time: number, date: number): Buffer {
  const header = Buffer.alloc(30 + entry.name.length);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  // A streamed entry leaves CRC and sizes at zero here: they follow in its data descriptor.
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28); // extra field length
  entry.name.copy(header, 30);
  return header;
}

function centralHeader(entry: CentralEntry, time: number, date: number): Buffer {
  const header = Buffer.alloc(46 + entry.name.length);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, version 2.0
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(entry.flags, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(0, 30); // extra field length
  header.writeUInt16LE(0, 32); // comment length
  header.writeUInt16LE(0, 34); // disk number
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE(0, 38); // external attributes
  header.writeUInt32LE(entry.offset, 42);
  entry.name.copy(header, 46);
  return header;
}
