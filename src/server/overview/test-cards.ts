import type { BatchStore } from '../../runner/batch-store';

/** A card as the store takes it (the scraper's JobCard, through the runner: server's rooms). */
type JobCard = Parameters<BatchStore['savePage']>[1]['cards'][number];

/** A plain search card for the Overview's API tests: job `id`, at Acme in Berlin. */
export const jobCard = (id: string): JobCard => ({
  jobId: id,
  title: `Job ${id}`,
  companyName: 'Acme',
  companySlug: null,
  location: 'Berlin',
  salary: null,
  postedDate: '2026-07-01',
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${id}`,
});
