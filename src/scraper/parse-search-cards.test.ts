import { describe, expect, it } from 'vitest';
import { parseSearchCards } from './parse-search-cards';
import { SiteError } from './site-error';
import { FIXTURE_CONTEXT, fixture } from './test-fixtures';

describe('parseSearchCards', () => {
  const parsed = parseSearchCards(fixture('search-cards.html'), FIXTURE_CONTEXT);

  it('reads every documented field of a full card', () => {
    expect(parsed.cards[0]).toEqual({
      jobId: '4470111950',
      title: 'Senior Python Developer',
      companyName: 'Acme Corp, Inc.',
      companySlug: 'acme-corp',
      location: 'Berlin, Berlin, Germany',
      salary: '€70,000.00 - €90,000.00',
      postedDate: '2026-09-28',
      postedText: '2 days ago',
      url: 'https://www.linkedin.com/jobs/view/4470111950',
    });
  });

  it('reads the --new list date, decodes named and numeric entities and percent-encoded slugs', () => {
    expect(parsed.cards[1]).toMatchObject({
      jobId: '4470222333',
      title: 'Softwareentwickler (m/w/d) – München',
      companyName: 'Müller Logistik GmbH',
      companySlug: 'müller-logistik',
      salary: null,
      postedDate: '2026-09-30',
      postedText: '5 hours ago',
    });
  });

  it('takes the id from the link when the card has no data-entity-urn, and keeps a company without link', () => {
    expect(parsed.cards[2]).toMatchObject({
      jobId: '4470333444',
      title: 'ソフトウェアエンジニア & SRE',
      companyName: '株式会社サクラテック',
      companySlug: null,
      location: 'Tokyo, Japan',
      url: 'https://www.linkedin.com/jobs/view/4470333444',
    });
  });

  it('keeps formula-like titles as they are and tolerates a card without list date', () => {
    expect(parsed.cards[3]).toMatchObject({
      title: '=SUM(A1:A9) Analyst',
      companyName: "O'Brien & Sons LLC",
      companySlug: 'o-brien-and-sons',
      salary: '$120,000.00/yr - $150,000.00/yr',
      postedDate: null,
      postedText: null,
    });
  });

  it('skips and counts a card it cannot read', () => {
    expect(parsed.cards).toHaveLength(4);
    expect(parsed.skippedCards).toBe(1);
    expect(parsed.empty).toBe(false);
  });

  it('builds canonical links on the configured base URL without tracking parameters', () => {
    const local = parseSearchCards(fixture('search-cards.html'), {
      ...FIXTURE_CONTEXT,
      baseUrl: 'http://127.0.0.1:4010',
    });
    expect(local.cards.map((c) => c.url)).toContain('http://127.0.0.1:4010/jobs/view/4470111950');
    expect(local.cards.every((c) => !c.url.includes('?'))).toBe(true);
  });

  it('treats an empty fragment as the end', () => {
    expect(parseSearchCards(fixture('search-empty.html'), FIXTURE_CONTEXT)).toEqual({
      cards: [],
      skippedCards: 0,
      empty: true,
    });
  });

  it('names what is missing, and where, when the markup changed', () => {
    const run = (): unknown =>
      parseSearchCards(fixture('search-cards-changed-markup.html'), FIXTURE_CONTEXT);
    expect(run).toThrow(SiteError);
    expect(run).toThrow(/title \(\.base-search-card__title\) in 5 of 5/);
    expect(run).toThrow(/company \(\.base-search-card__subtitle\)/);
    expect(run).toThrow(/at \/jobs-guest\/jobs\/api\/seeMoreJobPostings\/search/);
  });

  it('rejects markup without any card', () => {
    expect(() =>
      parseSearchCards('<div class="authwall">Sign in to see more</div>', FIXTURE_CONTEXT),
    ).toThrow(/no job cards/);
  });
});
