import { describe, expect, it } from 'vitest';
import { parseHtml } from './html-dom';
import { parseJobDetails } from './parse-job-details';
import { employerAddress, APPLY_URL_MAX_LENGTH, readJobFacts } from './parse-job-facts';
import { isSiteError } from './site-error';
import { FIXTURE_CONTEXT, fixture } from './test-fixtures';

// Issue 41: closed or open, the employer's apply address and the company id, from the page shapes
// of fixtures/raw (see fixtures/README.md for where each shape comes from).

const context = { ...FIXTURE_CONTEXT, path: '/jobs-guest/jobs/api/jobPosting/1' };
const parse = (name: string, id = '1') => parseJobDetails(fixture(name), id, context);

describe('a real capture (fixtures/README.md: gabrielk83/AntCV, 2026-09-30)', () => {
  const capture = () => fixture('raw/guest-closed-antcv-4445506698.html');

  it('reads the live guest answer’s closed figure as closed, and nothing it does not give', () => {
    expect(capture()).toContain('No longer accepting applications');
    expect(readJobFacts(parseHtml(capture()).children, null)).toEqual({
      closed: true,
      applyUrl: null,
      companyId: null,
    });
  });

  it('is closed by the class, not by the sentence: the figure’s caption removed, still closed', () => {
    const withoutCaption = capture().replace('No longer accepting applications', '');
    expect(readJobFacts(parseHtml(withoutCaption).children, null).closed).toBe(true);
    const withoutFigure = capture().replace(/<figure[\s\S]*<\/figure>/, '');
    expect(readJobFacts(parseHtml(withoutFigure).children, null).closed).toBe(false);
  });

  it('is trimmed: without a description the whole page’s parse refuses it', () => {
    let error: unknown;
    try {
      parse('raw/guest-closed-antcv-4445506698.html', '4445506698');
    } catch (caught) {
      error = caught;
    }
    expect(isSiteError(error) && error.kind === 'parse').toBe(true);
  });
});

describe('the facts of a job page', () => {
  it('reads a closed posting: the figure, its company id from the hiring link, no apply address', () => {
    const details = parse('raw/job-details-closed.html', '4445506698');
    expect(details).toMatchObject({
      title: 'Assoc Director, AI Product Manager',
      companyName: 'Northwind Traders',
      companySlug: 'northwind-traders',
      location: 'New York, NY',
      applicantsText: 'Over 200 applicants',
      applicantsCount: 200,
      seniority: 'Director',
      closed: true,
      easyApply: false,
      applyUrl: null,
      companyId: '9463666',
    });
    // The figure's caption is no part of the description.
    expect(details.description).not.toMatch(/accepting/i);
  });

  it('reads a closed posting by its class whatever language the caption is in', () => {
    expect(parse('raw/job-details-closed-tr.html', '4460320033')).toMatchObject({
      title: 'Kıdemli Yazılım Mühendisi',
      companyName: 'Anadolu Yazılım A.Ş.',
      companySlug: 'anadolu-yazilim',
      location: 'İstanbul, Türkiye',
      closed: true,
      companyId: null,
    });
  });

  it('reads an open posting whose description says "No longer accepting applications" as open', () => {
    const details = parse('raw/job-details-apply-url.html', '4471303209');
    expect(details.description).toContain('No longer accepting applications');
    expect(details).toMatchObject({
      title: 'Patient Accounts Representative II',
      companyName: "Harbor Children's Hospital",
      applicantsText: 'Be among the first 25 applicants',
      applicantsCount: 25,
      closed: false,
      easyApply: false,
      // The code's address (with its `&amp;`), unwrapped and decoded; the link's is the fallback.
      applyUrl: 'https://careers.harbor-childrens.org/jobs/123?source=linkedin&lang=en',
      companyId: null,
    });
  });

  it('takes the offsite link when the page has no applyUrl code', () => {
    const html = fixture('raw/job-details-apply-url.html').replace(
      /<code id="applyUrl"[^\n]*\n/,
      '',
    );
    expect(parseJobDetails(html, '4471303209', context).applyUrl).toBe(
      'https://careers.harbor-childrens.org/jobs/123?source=linkedin',
    );
    expect(parse('job-details-offsite.html').applyUrl).toBe('https://careers.example.com/');
  });

  it('reads the whole job page: the companyId meta, and nothing from the similar jobs below', () => {
    const details = parseJobDetails(fixture('raw/job-view-page-company-id.html'), '4480999001', {
      ...context,
      path: '/jobs/view/4480999001',
    });
    expect(details).toMatchObject({
      title: 'Datenanalyst (m/w/d)',
      companyName: 'Müller Logistik GmbH',
      companySlug: 'mueller-logistik',
      location: 'Hamburg, Deutschland',
      easyApply: true,
      closed: false,
      applyUrl: null,
      companyId: '2814603',
    });
  });

  it('leaves the facts unknown on the pages that do not give them', () => {
    for (const name of [
      'job-details.html',
      'raw/job-view-page.html',
      'raw/job-details-older-layout.html',
    ])
      expect(parse(name)).toMatchObject({ closed: false, applyUrl: null, companyId: null });
  });

  it('keeps no company id when the top card names two', () => {
    const html = fixture('raw/job-details-closed.html').replace(
      '</h4>',
      '<a href="https://www.linkedin.com/jobs/search?f_C=1441">More jobs</a></h4>',
    );
    expect(parseJobDetails(html, '1', context).companyId).toBeNull();
    const urn = fixture('job-details.html').replace(
      '<section class="top-card-layout',
      '<section data-entity-urn="urn:li:fs_normalized_company:000321" class="top-card-layout',
    );
    expect(parseJobDetails(urn, '1', context).companyId).toBe('321');
  });

  it('still reads the page when the apply code and the company links are broken', () => {
    const html = fixture('raw/job-details-closed.html')
      .replace('facetCurrentCompany%3D9463666', 'facetCurrentCompany%3Dabc')
      .replace(
        '<code id="decoratedJobPostingId"',
        '<code id="applyUrl" style="display: none"><!--"not a url"--></code><code id="decoratedJobPostingId"',
      );
    expect(parseJobDetails(html, '1', context)).toMatchObject({
      title: 'Assoc Director, AI Product Manager',
      closed: true,
      applyUrl: null,
      companyId: null,
    });
  });
});

describe('employerAddress', () => {
  const wrap = (inner: string, host = 'https://www.linkedin.com') =>
    `${host}/jobs/view/externalApply/42?url=${encodeURIComponent(inner)}&urlHash=AbC`;

  it.each([
    [
      wrap('https://jobs.acme.example/apply/7?src=LinkedIn'),
      'https://jobs.acme.example/apply/7?src=LinkedIn',
    ],
    [wrap('http://jobs.acme.example/7'), 'http://jobs.acme.example/7'],
    // A wrapper inside a wrapper, and LinkedIn's generic redirect.
    [wrap(wrap('https://a.example/x')), 'https://a.example/x'],
    [
      `https://www.linkedin.com/redir/redirect?url=${encodeURIComponent('https://b.example/')}`,
      'https://b.example/',
    ],
    // A simulated site's own host wraps the same way.
    [wrap('https://c.example/y', 'http://127.0.0.1:4010'), 'https://c.example/y'],
    // Not wrapped: the employer's own address as it is.
    ['https://careers.example.org/job?id=1#top', 'https://careers.example.org/job?id=1#top'],
    // Non-Latin paths come back percent-encoded, as a browser sends them.
    [
      wrap('https://jobs.example.de/stellen/Entwickler München'),
      'https://jobs.example.de/stellen/Entwickler%20M%C3%BCnchen',
    ],
  ])('%s → %s', (raw, expected) => {
    expect(employerAddress(raw)).toBe(expected);
  });

  it.each([
    wrap('javascript:alert(document.cookie)'),
    wrap('JavaScript:void(0)'),
    wrap('mailto:jobs@acme.example'),
    wrap('data:text/html,<script>alert(1)</script>'),
    wrap('ftp://files.acme.example/cv'),
    wrap('/relative/path'),
    wrap('https://user:secret@jobs.acme.example/'),
    wrap(`https://jobs.acme.example/${'a'.repeat(APPLY_URL_MAX_LENGTH)}`),
    // LinkedIn's own pages are not the employer's, nor a wrapper without its url.
    wrap('https://www.linkedin.com/jobs/view/42'),
    'https://www.linkedin.com/jobs/view/externalApply/42?urlHash=AbC',
    'javascript:alert(1)',
    'not a url',
    '',
  ])('drops %s', (raw) => {
    expect(employerAddress(raw)).toBeNull();
  });
});
