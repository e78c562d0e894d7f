import { describe, expect, it } from 'vitest';
import { canonicalJobUrl, companySlugFromLink, jobIdFromLink, jobIdFromUrn } from './job-url';

describe('job links', () => {
  it('takes the id from the urn', () => {
    expect(jobIdFromUrn('urn:li:jobPosting:4470111950')).toBe('4470111950');
    expect(jobIdFromUrn('urn:li:fsd_jobPosting:44')).toBe('44');
    expect(jobIdFromUrn('urn:li:company:44')).toBeNull();
  });

  it('takes the trailing digits of a /jobs/view/ link, ignoring tracking', () => {
    expect(
      jobIdFromLink(
        'https://www.linkedin.com/jobs/view/senior-dev-at-acme-4470111950?position=1&refId=x',
      ),
    ).toBe('4470111950');
    expect(jobIdFromLink('https://www.linkedin.com/jobs/view/4470111950/')).toBe('4470111950');
    expect(jobIdFromLink('https://www.linkedin.com/company/acme')).toBeNull();
  });

  it('builds the canonical link on the base URL', () => {
    expect(canonicalJobUrl('https://www.linkedin.com', '1')).toBe(
      'https://www.linkedin.com/jobs/view/1',
    );
    expect(canonicalJobUrl('http://127.0.0.1:4010/', '2')).toBe(
      'http://127.0.0.1:4010/jobs/view/2',
    );
  });

  it('reads company slugs without tracking and decodes them', () => {
    expect(companySlugFromLink('https://www.linkedin.com/company/acme-corp?trk=x')).toBe(
      'acme-corp',
    );
    expect(companySlugFromLink('https://de.linkedin.com/company/m%C3%BCller/')).toBe('müller');
    expect(companySlugFromLink(undefined)).toBeNull();
  });
});
