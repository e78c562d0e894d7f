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
    // Every selector tried is named, so the operator sees which shapes the page no longer has.
    expect(run).toThrow(
      /title \(\.base-search-card__title, \.job-search-card__title, \.job-result-card__title, \.result-card__title\) in 5 of 5/,
    );
    expect(run).toThrow(/company \(\.base-search-card__subtitle, /);
    expect(run).toThrow(/at \/jobs-guest\/jobs\/api\/seeMoreJobPostings\/search/);
  });

  it('rejects markup without any card', () => {
    expect(() =>
      parseSearchCards('<div class="authwall">Sign in to see more</div>', FIXTURE_CONTEXT),
    ).toThrow(/no job cards/);
  });
});

describe('parseSearchCards on the shapes the site also serves', () => {
  it('reads the whole public search page (BOM, \\r\\n), ignoring its navigation, footer, scripts and comments', () => {
    const html = fixture('raw/search-page.html');
    expect(html.startsWith('\uFEFF')).toBe(true);
    expect(html).toContain('\r\n');
    const parsed = parseSearchCards(html, { ...FIXTURE_CONTEXT, path: '/jobs/search' });
    expect(parsed).toEqual({
      cards: [
        {
          jobId: '4480111222',
          title: 'Python Developer (f/m/d)',
          companyName: 'Acme Corp, Inc.',
          companySlug: 'acme-corp',
          location: 'Berlin, Berlin, Germany',
          salary: null,
          postedDate: '2026-10-02',
          postedText: '3 hours ago',
          url: 'https://www.linkedin.com/jobs/view/4480111222',
        },
        {
          jobId: '4480333444',
          title: 'Data Engineer',
          companyName: 'Beta GmbH',
          companySlug: 'beta-gmbh',
          location: 'Potsdam, Brandenburg, Germany',
          salary: '€60,000.00 - €75,000.00',
          postedDate: '2026-09-25',
          postedText: '1 week ago',
          url: 'https://www.linkedin.com/jobs/view/4480333444',
        },
      ],
      skippedCards: 0,
      empty: false,
    });
  });

  it('treats a whole page with an empty results list as the end', () => {
    expect(parseSearchCards(fixture('raw/search-page-empty.html'), FIXTURE_CONTEXT)).toEqual({
      cards: [],
      skippedCards: 0,
      empty: true,
    });
  });

  it('rejects a whole page without results list or cards instead of reading its menus', () => {
    const page =
      '<html><body><ul><li><a href="/jobs/view/123">Jobs</a></li></ul><div class="authwall">Sign in</div></body></html>';
    expect(() => parseSearchCards(page, FIXTURE_CONTEXT)).toThrow(/no job cards/);
  });

  it('reads the older result-card layout: data-id, unclosed li, unquoted attributes', () => {
    const parsed = parseSearchCards(fixture('raw/search-cards-older-layout.html'), FIXTURE_CONTEXT);
    expect(parsed.skippedCards).toBe(0);
    expect(parsed.cards).toEqual([
      {
        jobId: '3011122233',
        title: 'Backend Engineer',
        companyName: 'Gamma Labs',
        companySlug: 'gamma-labs',
        location: 'Remote',
        salary: '$140,000/yr - $160,000/yr',
        postedDate: '2020-11-03',
        postedText: '12 hours ago',
        url: 'https://www.linkedin.com/jobs/view/3011122233',
      },
      {
        jobId: '3011122244',
        title: 'Frontend Engineer',
        companyName: 'Delta AG',
        companySlug: null,
        location: 'Zurich, Switzerland',
        salary: null,
        postedDate: '2020-10-30',
        postedText: '4 days ago',
        url: 'https://www.linkedin.com/jobs/view/3011122244',
      },
    ]);
  });

  describe('a fragment with comments, scripts, styles, CDATA, odd attributes and entities', () => {
    const parsed = parseSearchCards(fixture('raw/search-cards-quirks.html'), FIXTURE_CONTEXT);

    it('reads only the real cards: commented-out and scripted markup is not a card', () => {
      expect(parsed.cards.map((c) => c.jobId)).toEqual(['4490000001', '4490000002']);
      expect(parsed.skippedCards).toBe(0);
    });

    it('takes the first of duplicate attributes and the id from the ancestor li', () => {
      expect(parsed.cards[0]?.jobId).toBe('4490000001');
    });

    it('decodes named, unterminated, decimal, hex and astral entities; leaves unknown ones', () => {
      expect(parsed.cards[0]).toMatchObject({
        title: 'R&D Lead – Café & Bar © 2026 €€€ 💻 &NotANamedEntity; <script>',
        companyName: 'Café & Co. > All',
        companySlug: 'café-co',
        postedDate: '2026-10-01',
        postedText: '1 day ago',
      });
      expect(parsed.cards[1]).toMatchObject({
        title: 'Tester\uFFFD €uro \uFFFD',
        companyName: `Quality "First" 'Ltd'`,
      });
    });

    it('keeps CDATA (a comment in HTML) and script text out of the fields', () => {
      expect(parsed.cards[0]?.location).toBe('São Paulo, Brazil');
      expect(parsed.cards[0]?.title).not.toContain('not a title');
    });
  });
});
