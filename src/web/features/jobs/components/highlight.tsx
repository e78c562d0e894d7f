import type { ReactNode } from 'react';
import { foldWord as fold } from '../../../../contract/text-fold';

/**
 * Split `text` into plain runs and runs that match one of `words` (in the order typed), as the
 * search does (docs/decisions/013): case and accents aside, the last word matches the start of a
 * word, the others whole words.
 */
export function highlightParts(
  text: string,
  words: readonly string[],
): { text: string; match: boolean }[] {
  if (words.length === 0 || !text) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const folded = words.map(fold);
  const prefix = folded.at(-1) ?? '';
  const whole = new Set(folded.slice(0, -1));
  // Word by word, as the full-text index tokenises, and the whole of a matching word is marked.
  const token = /[\p{L}\p{N}]+/gu;
  let last = 0;
  for (const m of text.matchAll(token)) {
    const word = fold(m[0]);
    if (!whole.has(word) && !word.startsWith(prefix)) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** Text with the search's words marked, built from text nodes: nothing is parsed as HTML. */
export function Highlight({ text, words }: { text: string; words: readonly string[] }): ReactNode {
  return highlightParts(text, words).map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded-sm bg-tone-amber-bg px-0.5 text-inherit">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
