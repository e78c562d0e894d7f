import { describe, expect, it } from 'vitest';
import { parseAiSearchCards } from './parse-ai-search-cards';
import { decodeRscStream } from './rsc-stream';
import { FIXTURE_CONTEXT, fixture } from './test-fixtures';

const context = { ...FIXTURE_CONTEXT, path: '/flagship-web/jobs/search-results' };

describe('parseAiSearchCards', () => {
  const parsed = parseAiSearchCards(fixture('ai-search.rsc'), context);

  it('finds cards by their job-card-component-ref key, inline or in a referenced row', () => {
    expect(parsed.cardCount).toBe(3);
    expect(parsed.cards.map((c) => c.jobId)).toEqual(['4480000001', '4480000002']);
  });

  it('reads title, company, location, salary and posted text from the card lines', () => {
    expect(parsed.cards[0]).toEqual({
      jobId: '4480000001',
      title: 'Python Developer',
      companyName: 'Acme Corp, Inc.',
      companySlug: null,
      location: 'Berlin, Germany (Hybrid)',
      salary: '€70K/yr - €90K/yr',
      postedDate: null,
      postedText: '3 days ago',
      url: 'https://www.linkedin.com/jobs/view/4480000001',
    });
  });

  it('unescapes "$$" strings and reads non-Latin text', () => {
    expect(parsed.cards[1]).toMatchObject({
      title: '$100K Club: Sales Engineer',
      companyName: '株式会社サクラテック',
      location: 'Tokyo, Japan',
      postedText: '1 week ago',
      salary: null,
    });
  });

  it('skips and counts a card without company', () => {
    expect(parsed.skippedCards).toBe(1);
  });

  it('reads a stream without cards as the end of the results', () => {
    expect(parseAiSearchCards(fixture('ai-search-end.rsc'), context)).toEqual({
      cards: [],
      skippedCards: 0,
      cardCount: 0,
    });
  });

  it('fails naming the component key when job postings are there but cards are not', () => {
    expect(() => parseAiSearchCards(fixture('ai-search-changed-markup.rsc'), context)).toThrow(
      /AI search results at \/flagship-web\/jobs\/search-results: .*no job cards \(component keys job-card-component-ref-<id>\)/,
    );
  });

  it('fails on an answer that is not an RSC stream', () => {
    expect(() =>
      parseAiSearchCards('<!doctype html><html><body>Sign in</body></html>', context),
    ).toThrow(/not a React Server Components stream/);
  });
});

describe('decodeRscStream', () => {
  it('reads a text row by its byte length, multi-byte text and newlines included', () => {
    const text = 'Zeile 1\nGrüße – 東京';
    const body = `0:["$","p",null,{"children":"$1"}]\n1:T${Buffer.byteLength(text).toString(16)},${text}2:{"ok":true}\n`;
    const stream = decodeRscStream(body);
    expect(stream.rows.get('1')).toBe(text);
    expect(stream.rows.get('2')).toEqual({ ok: true });
    expect(stream.malformed).toBe(0);
  });

  it('counts malformed lines without failing', () => {
    const stream = decodeRscStream('0:{"a":1}\nnot a row\n1:{broken\n');
    expect(stream.rowCount).toBe(1);
    expect(stream.malformed).toBe(2);
  });
});
