import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aJob, fakeJobsApi, type FakeJobsApi, location, renderJobs } from './testing';

const api: FakeJobsApi = {
  jobs: [aJob(1, { title: 'Data Analyst' }), aJob(2, { title: 'BI Developer' })],
  listRequests: [],
  writes: [],
  pageSize: 50,
};
const server = setupServer(...fakeJobsApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('JobsPage: "Skip to results" (issue 30)', () => {
  it('is the screen’s first stop and puts the focus on the results, where j and Enter work', async () => {
    const user = userEvent.setup();
    renderJobs();
    const results = await screen.findByRole('region', { name: 'Results' });
    await within(results).findByRole('button', { name: 'Data Analyst' });

    // Before it, the search, the sort, the filters and the export: some thirty stops.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to results' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(results).toHaveFocus();
    // The state stays in the URL as it was: no #fragment, no new entry.
    expect(location()).toBe('/jobs');

    await user.keyboard('j');
    expect(document.querySelector('tr[aria-current="true"]')).toHaveTextContent('Data Analyst');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/jobs?job=1'));
  });
});
