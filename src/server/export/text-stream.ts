import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Text is handed to the output in pieces of about this many characters: one write per ~20
 * rows rather than one per row (a large batch would cost the response ~100,000 writes), and
 * still small enough that what waits for a slow reader stays a few megabytes.
 */
export const TEXT_CHUNK_CHARS = 64 * 1024;

/**
 * Streams text pieces into `out`, taking the next piece only when `out` has room (a slow
 * client slows the source down rather than filling memory). A failing source or output
 * rejects, destroys `out` (the reader sees an aborted transfer, not a short file that looks
 * whole) and closes the source, so its database reader is released.
 */
export async function streamText(
  pieces: AsyncIterable<string>,
  out: NodeJS.WritableStream,
): Promise<void> {
  // objectMode: each piece stays one write; at most 16 pieces (~1 MB) wait in between.
  await pipeline(Readable.from(pieces), out);
}
