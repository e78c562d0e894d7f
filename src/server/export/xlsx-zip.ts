import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { strToU8, Zip, ZipDeflate, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';

/**
 * The .xlsx container: fflate's streaming `Zip` writes the archive (local headers, CRC-32,
 * data descriptors, central directory), straight into the output as entries are written.
 *
 * The sheet's entry is deflated and checksummed by Node's zlib rather than fflate's own
 * deflate, through the `ZipInputFile` interface fflate documents for other compressors.
 * Measured on 100,000 jobs (~400 MB of
 * sheet XML, decision 010): fflate's deflate, even on a worker (`AsyncZipDeflate`), could not
 * keep the 5 s budget; zlib runs natively on libuv's thread pool while the rows are built.
 *
 * No ZIP64 (neither fflate nor Excel's smaller readers need it here): sizes and offsets must
 * stay below 4 GB (an export of 100,000 jobs is ~100 MB zipped); past that the writer fails
 * with a clear error rather than writing a corrupt archive.
 */

const MAX_32 = 0xffffffff;
/** Level 1: several times faster than the default level, and text still shrinks ~4×. */
const DEFLATE_LEVEL = 1;
/** The largest hash table: a little faster at level 1, for ~200 KB more per compressor. */
const DEFLATE_MEM_LEVEL = 9;
/** Sheet XML queued for the compressor before the row loop waits: two segments. */
const COMPRESSOR_BACKLOG = 2 * 1024 * 1024;
/** zlib's output buffer: more than a 1 MB segment of XML deflates to (~250 KB). */
const COMPRESSOR_OUTPUT_CHUNK = 1024 * 1024;
/**
 * Compressed bytes queued for the output before the compressor pauses: about two chunks'
 * worth (1 MB of XML deflates to ~200–250 KB). At 64 KB every segment paused zlib until the file had taken it, so
 * compressing and writing took turns instead of overlapping.
 */
const SINK_BACKLOG = 512 * 1024;

export class ZipTooLargeError extends Error {
  constructor(what: string) {
    super(`the archive is too large: ${what} passes 4 GB, the limit of a zip without ZIP64`);
    this.name = 'ZipTooLargeError';
  }
}

export class XlsxZip {
  /** Our side of the output: piped into it, so its backpressure and failures reach us. */
  private readonly sink = new PassThrough({ highWaterMark: SINK_BACKLOG });
  /** Settles when the output has taken the whole archive, or has failed. */
  private readonly delivered: Promise<void>;
  /** Rejects when the output or the archive fails, or the output closes too early. */
  private readonly failed: Promise<never>;
  private fail: (error: Error) => void = () => undefined;
  private readonly zip: Zip;
  private written = 0;
  private open: DeflatedEntry | null = null;
  private finished = false;
  private waitingForSink = false;

  constructor(out: NodeJS.WritableStream) {
    this.delivered = pipeline(this.sink, out);
    this.failed = new Promise<never>((_, reject) => {
      this.fail = reject;
      this.delivered.then(
        () => reject(new Error('the output ended before the archive was complete')),
        (error: unknown) => reject(error instanceof Error ? error : new Error('the output failed')),
      );
    });
    // Every wait races against `failed`; once the race is decided nobody else listens.
    this.failed.catch(() => undefined);
    this.zip = new Zip((error, data, final) => {
      if (error) {
        this.fail(error);
        return;
      }
      this.written += data.length;
      // Local header offsets and the directory's offset are 32-bit without ZIP64.
      if (this.written > MAX_32) {
        this.fail(new ZipTooLargeError('the archive'));
        return;
      }
      if (!this.sink.write(data)) this.pauseUntilSinkDrains();
      if (final) this.sink.end();
    });
  }

  /** Waits for `promise`, or rejects as soon as the output or the archive fails. */
  race<T>(promise: Promise<T>): Promise<T> {
    return Promise.race([promise, this.failed]);
  }

  /** Adds a small part held whole in memory, deflated in one go by fflate. */
  addFile(name: string, content: string): void {
    this.assertCanStart();
    const file = new ZipDeflate(name, { level: DEFLATE_LEVEL });
    this.zip.add(file);
    file.push(strToU8(content), true);
  }

  /** Starts a streamed entry. Only one can be open at a time: end it before the next part. */
  openEntry(name: string): ZipEntryStream {
    this.assertCanStart();
    const entry = new DeflatedEntry(name, (error) => this.fail(error));
    this.zip.add(entry);
    this.open = entry;
    return new ZipEntryStream(this, entry, () => {
      this.open = null;
    });
  }

  /** Writes the central directory, ends the output and waits until it has taken it all. */
  async finish(): Promise<void> {
    this.assertCanStart();
    this.finished = true;
    this.zip.end();
    await this.race(this.delivered);
  }

  /**
   * Gives up: breaks the output so the reader sees an aborted transfer (never a short file
   * that looks complete), and waits until the output has been torn down.
   */
  async abort(error: Error): Promise<void> {
    this.finished = true;
    this.zip.terminate();
    this.open?.destroy(error);
    this.sink.destroy(error);
    await this.delivered.catch(() => undefined);
  }

  private assertCanStart(): void {
    if (this.finished) throw new Error('zip: the archive is already finished');
    if (this.open) throw new Error('zip: end the open entry first');
  }

  /** The output is full: hold the compressor's output until it has room again. */
  private pauseUntilSinkDrains(): void {
    if (this.waitingForSink) return;
    this.waitingForSink = true;
    const entry = this.open;
    entry?.pause();
    void once(this.sink, 'drain').then(
      () => {
        this.waitingForSink = false;
        entry?.resume();
      },
      () => undefined,
    );
  }
}

/**
 * One streamed entry as fflate's `Zip` sees it (its `ZipInputFile` interface): zlib deflates,
 * and the CRC is zlib's too. fflate's own `ZipPassThrough` would checksum in JavaScript,
 * ~1 s of the main thread for the ~400 MB of XML of 100,000 jobs; zlib's takes ~0.1 s.
 */
class DeflatedEntry implements ZipInputFile {
  readonly compression = 8; // deflate
  crc = 0;
  size = 0;
  ondata?: AsyncFlateStreamHandler;
  readonly deflate = zlib.createDeflateRaw({
    level: DEFLATE_LEVEL,
    memLevel: DEFLATE_MEM_LEVEL,
    // Room for a whole segment's output at once: each extra output chunk is a round trip
    // that waits for the main thread, busy building rows.
    chunkSize: COMPRESSOR_OUTPUT_CHUNK,
  });
  readonly ended: Promise<void>;
  /** Bytes given to zlib that it has not read yet. */
  private queued = 0;
  private waiters: (() => void)[] = [];

  constructor(
    readonly filename: string,
    onError: (error: Error) => void,
  ) {
    // fflate's handler types its chunks as plain ArrayBuffer views; zlib's Buffers may sit
    // in a shared pool, so each compressed chunk (~1/4 of the XML) is copied into its own.
    this.deflate.on('data', (chunk: Buffer) => this.ondata?.(null, new Uint8Array(chunk), false));
    this.ended = new Promise((resolve) => {
      this.deflate.on('end', () => {
        // fflate writes the data descriptor from `crc` and `size` on this final call.
        this.ondata?.(null, new Uint8Array(0), true);
        resolve();
      });
    });
    this.deflate.on('error', onError);
  }

  /** Queues a chunk for zlib, calling `consumed` once zlib has read it. */
  write(chunk: Uint8Array, consumed: (() => void) | undefined): void {
    this.crc = zlib.crc32(chunk, this.crc);
    this.size += chunk.length;
    this.queued += chunk.length;
    this.deflate.write(chunk, () => {
      this.queued -= chunk.length;
      consumed?.();
      if (!this.backlogged) for (const wake of this.waiters.splice(0)) wake();
    });
  }

  end(): void {
    this.deflate.end();
  }

  get backlogged(): boolean {
    return this.queued >= COMPRESSOR_BACKLOG;
  }

  /** Resolves once zlib's backlog is below COMPRESSOR_BACKLOG. */
  unblocked(): Promise<void> {
    if (!this.backlogged) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  pause(): void {
    this.deflate.pause();
  }

  resume(): void {
    this.deflate.resume();
  }

  terminate(): void {
    this.deflate.destroy();
  }

  destroy(error: Error): void {
    this.deflate.destroy(error);
  }
}

/** The writer's handle on the open entry: chunks in, with backpressure from the compressor. */
export class ZipEntryStream {
  private size = 0;

  constructor(
    private readonly zip: XlsxZip,
    private readonly entry: DeflatedEntry,
    private readonly closed: () => void,
  ) {}

  /**
   * Queues `data` for the compressor; `consumed` is called once the compressor has read it,
   * after which the caller may reuse the buffer. Answers false when the compressor has a
   * backlog: wait for `drained()` before writing more, so memory stays flat however slowly
   * the output is read.
   */
  write(data: Uint8Array, consumed?: () => void): boolean {
    this.size += data.length;
    if (this.size > MAX_32) throw new ZipTooLargeError(`the entry ${this.entry.filename}`);
    this.entry.write(data, consumed);
    return !this.entry.backlogged;
  }

  /** Resolves when the compressor can take more; rejects if the archive or output fails. */
  drained(): Promise<void> {
    return this.zip.race(this.entry.unblocked());
  }

  /** Ends the entry; resolves once its last bytes and data descriptor are in the archive. */
  async end(): Promise<void> {
    this.entry.end();
    await this.zip.race(this.entry.ended);
    this.closed();
  }
}
