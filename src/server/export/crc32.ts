import zlib from 'node:zlib';

/** CRC-32 (the zip and gzip checksum) of `data`, continuing from `previous`. */
export type Crc32 = (data: Uint8Array, previous?: number) => number;

let table: Uint32Array | null = null;

function crcTable(): Uint32Array {
  if (table) return table;
  table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/**
 * The byte-at-a-time, table-driven CRC-32. Only used where Node has no `zlib.crc32`
 * (before 20.15): it is several times slower than zlib's, which an export of 350 MB of
 * sheet XML would feel.
 */
export const tableCrc32: Crc32 = (data, previous = 0) => {
  const t = crcTable();
  let crc = ~previous >>> 0;
  for (let i = 0; i < data.length; i += 1) {
    crc = (t[(crc ^ (data[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return ~crc >>> 0;
};

// Checked at run time: the type declarations know zlib.crc32, an older Node does not.
export const crc32: Crc32 =
  typeof zlib.crc32 === 'function'
    ? (data, previous = 0) => zlib.crc32(data, previous)
    : tableCrc32;
