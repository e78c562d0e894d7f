import { inflateRawSync } from 'node:zlib';
import { tableCrc32 } from './crc32';

/**
 * Test helpers that read a zip archive held in memory. They follow the central directory,
 * because a streamed zip leaves the sizes in its local headers at zero.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  data: Buffer;
}

/** Reads one file out of a zip archive, as text; null when there is no such file. */
export function readZipEntry(zip: Buffer, name: string): string | null {
  const entry = readZipArchive(zip).find((e) => e.name === name);
  return entry ? entry.data.toString('utf8') : null;
}

/**
 * Reads every entry of a zip archive, checking it the way a strict reader would: the end
 * record, each central directory record against its local header, the data descriptor of a
 * streamed entry, that the local entries follow one another with nothing between them, and
 * each entry's size and CRC-32 against its inflated data. Throws on the first mismatch.
 */
export function readZipArchive(zip: Buffer): ZipEntry[] {
  const end = zip.length - 22;
  if (end < 0 || zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) {
    throw new Error('not a zip archive: no end of central directory record at the end');
  }
  const count = zip.readUInt16LE(end + 10);
  if (zip.readUInt16LE(end + 8) !== count) throw new Error('entry counts of the end record differ');
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (directoryOffset + directorySize !== end) {
    throw new Error('the central directory does not end where the end record starts');
  }

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  let expectedLocal = 0;
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error(`bad central header ${i}`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (local !== expectedLocal) throw new Error(`${name}: not where the previous entry ended`);
    if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`${name}: bad local header`);
    if (zip.readUInt16LE(local + 6) !== flags) throw new Error(`${name}: flags differ`);
    if (zip.readUInt16LE(local + 8) !== method) throw new Error(`${name}: methods differ`);
    const localNameLength = zip.readUInt16LE(local + 26);
    const localName = zip.toString('utf8', local + 30, local + 30 + localNameLength);
    if (localName !== name) throw new Error(`${name}: the local header names ${localName}`);
    const dataStart = local + 30 + localNameLength + zip.readUInt16LE(local + 28);
    const dataEnd = dataStart + compressedSize;
    const streamed = (flags & 0x0008) !== 0;
    if (streamed) {
      if (zip.readUInt32LE(dataEnd) !== DATA_DESCRIPTOR) {
        throw new Error(`${name}: no data descriptor after the data`);
      }
      const described = [4, 8, 12].map((offset) => zip.readUInt32LE(dataEnd + offset));
      if (described.join() !== [crc, compressedSize, size].join()) {
        throw new Error(`${name}: the data descriptor differs from the central directory`);
      }
      expectedLocal = dataEnd + 16;
    } else {
      const local3 = [14, 18, 22].map((offset) => zip.readUInt32LE(local + offset));
      if (local3.join() !== [crc, compressedSize, size].join()) {
        throw new Error(`${name}: the local header differs from the central directory`);
      }
      expectedLocal = dataEnd;
    }

    const raw = zip.subarray(dataStart, dataEnd);
    let data: Buffer;
    if (method === 8) data = inflateRawSync(raw);
    else if (method === 0) data = Buffer.from(raw);
    else throw new Error(`${name}: unknown method ${method}`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, ${size} recorded`);
    // The table-driven CRC, not zlib's that the writer uses: an independent check.
    if (tableCrc32(data) !== crc) throw new Error(`${name}: CRC-32 mismatch`);
    entries.push({ name, method, flags, data });
  }
  if (expectedLocal !== directoryOffset) {
    throw new Error('bytes between the last entry and the central directory');
  }
  if (at !== end) throw new Error('the central directory has more bytes than its records');
  return entries;
}
