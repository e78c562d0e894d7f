import { inflateRawSync } from 'node:zlib';

/**
 * Reads one file out of a zip archive held in memory. Tests use it to look at the raw sheet
 * XML of an export (exceljs hides how a cell was stored); it follows the central directory,
 * because a streamed zip leaves the sizes in its local headers at zero.
 */
export function readZipEntry(zip: Buffer, name: string): string | null {
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory === -1) throw new Error('not a zip archive: no end of central directory');
  const entries = zip.readUInt16LE(endOfDirectory + 10);
  let at = zip.readUInt32LE(endOfDirectory + 16);
  for (let i = 0; i < entries; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    // exceljs names some parts with a leading "/"; a zip reader ignores it, so do we.
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\//, '');
    if (entryName === name) {
      const dataStart =
        localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return null;
}
