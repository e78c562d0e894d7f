import { describe, expect, it } from 'vitest';
import { applicantsNumber, parseJobDetails } from './parse-job-details';
import { FIXTURE_CONTEXT, fixture } from './test-fixtures';

const context = { ...FIXTURE_CONTEXT, path: '/jobs-guest/jobs/api/jobPosting/4470111950' };

describe('parseJobDetails', () => {
  it('reads every documented field', () => {
    const details = parseJobDetails(fixture('job-details.html'), '4470111950', context);
    expect(details).toEqual({
      jobId: '4470111950',
      title: 'Senior Python Developer – Data Platform',
      companyName: 'Acme Corp, Inc.',
      companySlug: 'acme-corp',
      location: 'Berlin, Berlin, Germany',
      postedText: '2 days ago',
      description:
        "About Acme\n\nWe build data tools & ship them weekly.\n\nWhat you'll do\n\n• Design pipelines in Python\n• Review code <kindly>\n\nGrüße aus München! 私たちはチームです。",
      descriptionHtml: expect.stringMatching(
        /^<p><strong>About Acme<\/strong><\/p>\s+<p>We build data tools &amp; ship them weekly\.<\/p>[\s\S]*<li>Review code &lt;kindly&gt;<\/li>[\s\S]*<p>Grüße aus München! 私たちはチームです。<\/p>$/,
      ),
      seniority: 'Mid-Senior level',
      employmentType: 'Full-time',
      jobFunction: 'Engineering and Information Technology',
      industries: 'Software Development, IT Services and IT Consulting',
      applicantsText: 'Over 200 applicants',
      applicantsCount: 200,
      salary: '€70,000.00/yr - €90,000.00/yr',
      easyApply: true,
      url: 'https://www.linkedin.com/jobs/view/4470111950',
      closed: false,
      applyUrl: null,
      companyId: null,
    });
  });

  it('reads an external-apply page with a plain-text company and <br> paragraphs', () => {
    const details = parseJobDetails(fixture('job-details-offsite.html'), '4470999000', context);
    expect(details).toMatchObject({
      title: '+Growth Marketing Lead',
      companyName: 'Confidential Company',
      companySlug: null,
      location: 'United States',
      applicantsText: 'Be among the first 25 applicants',
      applicantsCount: 25,
      salary: null,
      easyApply: false,
      seniority: null,
      employmentType: 'Contract',
    });
    expect(details.description).toBe(
      'The role\n\nOwn our growth funnel.\nReport to the CMO.\n\nRequirements\n\n• 5+ years in B2B marketing\n• SQL\n\nBenefits\n\n• 401(k) matching',
    );
  });

  it('never returns markup in the description', () => {
    const details = parseJobDetails(fixture('job-details.html'), '4470111950', context);
    expect(details.description).not.toMatch(/<\/?(p|strong|ul|li|br)\b/);
    expect(details.description).not.toContain('Show more');
  });

  it('names the missing description and the path when the markup changed', () => {
    expect(() =>
      parseJobDetails(fixture('job-details-changed-markup.html'), '4470111950', context),
    ).toThrow(
      'Could not parse LinkedIn job details at /jobs-guest/jobs/api/jobPosting/4470111950: missing description (div.show-more-less-html__markup, .description__text--rich)',
    );
    expect(() =>
      parseJobDetails(fixture('job-details-missing-description.html'), '1', context),
    ).toThrow(/missing description/);
    expect(() => parseJobDetails('<div>nothing</div>', '1', context)).toThrow(
      /missing title \(h2\.top-card-layout__title, h1\.top-card-layout__title, \.topcard__title\), description/,
    );
  });
});

describe('parseJobDetails on the shapes the site also serves', () => {
  it('reads the whole /jobs/view page (\\r\\n, h1 title, head scripts, unclosed p and li)', () => {
    const html = fixture('raw/job-view-page.html');
    expect(html).toContain('\r\n');
    const details = parseJobDetails(html, '4480999000', {
      ...context,
      path: '/jobs/view/4480999000',
    });
    expect(details).toEqual({
      jobId: '4480999000',
      title: 'Staff Engineer – Platform',
      companyName: 'Acme Corp, Inc.',
      companySlug: 'acme-corp',
      location: 'Berlin, Berlin, Germany',
      postedText: '1 day ago',
      description: 'Who we are\n\nTools & people.\n\n• Go\n• Kubernetes',
      // The raw inner HTML, serialised from the same DOM: implied end tags closed, text
      // re-escaped, the comment kept (the consumer sanitises it).
      descriptionHtml:
        '<p><strong>Who we are</strong>\r\n          </p><p>Tools &amp; people.<!-- internal note: do not publish -->\r\n          </p><ul><li>Go</li><li>Kubernetes</li></ul>',
      seniority: 'Director',
      employmentType: 'Full-time',
      jobFunction: null,
      industries: null,
      applicantsText: '57 applicants',
      applicantsCount: 57,
      salary: null,
      easyApply: true,
      url: 'https://www.linkedin.com/jobs/view/4480999000',
      closed: false,
      applyUrl: null,
      companyId: null,
    });
  });

  it('reads the older layout: topcard__title, description__text, job-criteria__*, a BOM', () => {
    const html = fixture('raw/job-details-older-layout.html');
    expect(html.startsWith('\uFEFF')).toBe(true);
    expect(parseJobDetails(html, '3011122233', context)).toMatchObject({
      title: 'Site Reliability Engineer',
      companyName: 'Omega Systems',
      companySlug: 'omega-systems',
      location: 'Lisbon, Portugal',
      postedText: '2 weeks ago',
      description: 'On call & calm.\nRotations: 1 week in 6.\n\nScript-free: yes.',
      seniority: 'Associate',
      industries: 'Computer Software',
      applicantsCount: 200,
      easyApply: false,
    });
  });
});

describe('applicantsNumber', () => {
  it.each([
    ['Over 200 applicants', 200],
    ['Be among the first 25 applicants', 25],
    ['1,234 applicants', 1234],
    ['57 applicants', 57],
    ['No applicants yet', null],
    [null, null],
  ])('%s → %s', (text, expected) => {
    expect(applicantsNumber(text)).toBe(expected);
  });
});
