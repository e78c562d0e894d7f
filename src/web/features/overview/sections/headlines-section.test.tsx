import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDayRange } from '../charts/format';
import { HEADLINES, renderOverview, serveOverview, fakeOverviewServer } from '../testing';

const { server } = fakeOverviewServer();

/** Each figure's name, value and change line, as the screen shows them. */
async function figures(): Promise<string[][]> {
  const section = await screen.findByRole('region', { name: 'At a glance' });
  const terms = await within(section).findAllByRole('term');
  return terms.map((term) => {
    const values = [];
    for (let next = term.nextElementSibling; next?.tagName === 'DD'; next = next.nextElementSibling)
      values.push(next.textContent ?? '');
    return [term.textContent ?? '', ...values];
  });
}

describe('At a glance (issue 39)', () => {
  it('gives each headline figure with its change against the range before, in words', async () => {
    renderOverview('/overview?range=7');
    expect(await figures()).toEqual([
      ['New jobs', '27', 'Up 7 (+35%) on the 7 days before (20)'],
      ['Kept', '21', 'Same as the 7 days before (21)'],
      ['Saved', '6', 'Up 6 on the 7 days before (none)'],
      ['Applied', '2', 'Down 2 (-50%) on the 7 days before (4)'],
      ['Site requests per new job', '4.63', 'Down 1.37 (-22.8%) on the 7 days before (6)'],
    ]);
    const section = screen.getByRole('region', { name: 'At a glance' });
    // (The dates' thin spaces read as spaces, as the matcher reads the page's.)
    expect(section).toHaveTextContent(
      `${formatDayRange('2025-03-01', '2025-03-07')} against the 7 days before it (${formatDayRange('2025-02-22', '2025-02-28')}).`.replace(
        /\s/g,
        ' ',
      ),
    );
    // The direction has an icon too, beside the words (not a colour alone).
    expect(section.querySelectorAll('dd svg')).toHaveLength(5);
  });

  it('says there is nothing to compare with for every day', async () => {
    const none = { previous: null, change: null, change_share: null };
    serveOverview(server, {
      headlines: {
        ...HEADLINES,
        range: 'all',
        previous_days: null,
        new_jobs: { value: 27, ...none },
        kept: { value: 21, ...none },
        saved: { value: 6, ...none },
        applied: { value: 2, ...none },
        site_requests: { value: 125, ...none },
        requests_per_new_job: { value: null, ...none },
      },
    });
    renderOverview('/overview?range=all');
    const shown = await figures();
    expect(shown.map((f) => f.slice(1))).toEqual([
      ['27', 'Nothing earlier to compare with'],
      ['21', 'Nothing earlier to compare with'],
      ['6', 'Nothing earlier to compare with'],
      ['2', 'Nothing earlier to compare with'],
      ['–', 'Nothing earlier to compare with'],
    ]);
    expect(screen.getByRole('region', { name: 'At a glance' })).toHaveTextContent(
      'Every day so far: there is no earlier range to compare with.',
    );
  });
});
