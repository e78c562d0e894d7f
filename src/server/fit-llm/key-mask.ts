// The second opinion's key is write-only (docs/decisions/067): it goes out in the Authorization
// header and nowhere else. A server's error body may echo it whole, cut, or in another case, and
// such a body becomes an error text the operator reads and a log line; so every piece of the key
// of KEY_PIECE_MIN characters or more found in a text is masked before the text is kept.

/** The shortest piece of the key that is masked on its own (shorter ones are ordinary words). */
export const KEY_PIECE_MIN = 6;

const MASK = '***';

/** Lower case, one UTF-16 unit for one (a letter whose lower case is longer, İ, stays): indexes hold. */
const foldCase = (text: string) =>
  text.replace(/[^]/g, (unit) => {
    const lower = unit.toLowerCase();
    return lower.length === 1 ? lower : unit;
  });

/**
 * `text` with every run of characters that is a piece of `key` (KEY_PIECE_MIN or longer, any
 * case) replaced by `***`. A text with no key, or a key shorter than the minimum, is masked
 * whole where the key appears.
 */
export function maskKey(text: string, key: string | null): string {
  if (!key) return text;
  const lowerKey = foldCase(key);
  const lowerText = foldCase(text);
  const width = Math.min(KEY_PIECE_MIN, key.length);
  const masked = new Uint8Array(text.length);
  let any = false;
  // Every window of `width` characters that occurs in the key marks its characters: overlapping
  // windows cover a longer piece whole, whatever its length.
  for (let i = 0; i + width <= text.length; i++) {
    if (lowerKey.includes(lowerText.slice(i, i + width))) {
      masked.fill(1, i, i + width);
      any = true;
    }
  }
  if (!any) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (masked[i] === 0) out += text[i];
    else if (i === 0 || masked[i - 1] === 0) out += MASK;
  }
  return out;
}
