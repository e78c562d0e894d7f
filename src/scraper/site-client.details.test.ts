import { afterEach, describe, expect, it } from 'vitest';
import { harness, must, type Harness } from './test-support';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('job details against the simulated site', () => {
  it('reads every field as the catalogue holds it', async () => {
    const { client, sim } = (h = await harness());
    for (const job of sim.catalogue.jobs.slice(0, 40)) {
      const details = await client.getJobDetails(job.id);
      expect(details).toMatchObject({
        jobId: job.id,
        title: job.title,
        companyName: job.company.name,
        companySlug: job.companyLinked ? job.company.slug : null,
        location: job.place.displayName,
        postedText: job.postedText,
        seniority: job.seniority,
        employmentType: job.employmentType,
        jobFunction: job.jobFunction,
        industries: job.industries,
        applicantsText: job.applicantsText,
        salary: job.salary,
        easyApply: job.easyApply,
        url: `${sim.url}/jobs/view/${job.id}`,
      });
      expect(details.applicantsCount).toBe(Number(/\d+/.exec(job.applicantsText)?.[0]));
      expect(details.description).not.toMatch(/<\/?[a-z]+[^>]*>/);
    }
  });

  it('keeps a description longer than 40,000 characters whole, as plain text with paragraphs', async () => {
    const { client, sim } = (h = await harness());
    const long = must(sim.catalogue.jobs.find((j) => j.longDescription));
    const details = await client.getJobDetails(long.id);
    expect(details.description.length).toBeGreaterThan(40_000);
    expect(details.description).toContain('\n\n');
    expect(details.description).not.toMatch(/<\/?(p|strong|ul|li|br)\b/);
  });

  it('answers an HTTP error with status 404 for a job the site no longer has', async () => {
    const { client } = (h = await harness());
    await expect(client.getJobDetails('1')).rejects.toMatchObject({ kind: 'http', status: 404 });
  });
});
