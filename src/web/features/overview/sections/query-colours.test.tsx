import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { overviewNewJobsSchema, overviewSearchesSchema } from '../../../../contract/overview';
import { patternId, queryPaint } from '../charts/paint';
import { API, findChart, NEW_JOBS, renderOverview, SEARCHES, fakeOverviewServer } from '../testing';

const { server } = fakeOverviewServer();

// Issue 39: a query's colour came from its rank in the range, so two searches swapped colours
// between 7 and 30 days. Here each range holds other queries, in another order.
const LABELS: Record<number, string> = {
  1: 'Data Analyst · Berlin, Germany',
  2: 'Financial Analyst · New York',
  9: 'Ninth search · Lyon, France',
};
const RANGES: Record<string, number[]> = { '7': [2, 1], '30': [1, 9, 2], '90': [9, 2] };

function newJobsOf(ids: readonly number[]) {
  const jobs = NEW_JOBS.days.map(() => 1);
  return overviewNewJobsSchema.parse({
    ...NEW_JOBS,
    series: ids.map((id) => ({ query_id: id, label: LABELS[id], jobs })),
  });
}

function searchesOf(ids: readonly number[]) {
  const template = SEARCHES.searches[0];
  return overviewSearchesSchema.parse({
    ...SEARCHES,
    searches: ids.map((id) => {
      const [job_title, location] = (LABELS[id] ?? '').split(' · ');
      return { ...template, query_id: id, job_title, location };
    }),
  });
}

function serveByRange() {
  server.use(
    http.get(`${API}/overview/new-jobs`, ({ request }) =>
      HttpResponse.json(
        newJobsOf(RANGES[new URL(request.url).searchParams.get('range') ?? ''] ?? []),
      ),
    ),
    http.get(`${API}/overview/searches`, ({ request }) =>
      HttpResponse.json(
        searchesOf(RANGES[new URL(request.url).searchParams.get('range') ?? ''] ?? []),
      ),
    ),
  );
}

/** Per query label: its legend swatch's style, as drawn (jsdom keeps no var() in a shorthand). */
function legendPaints(frame: HTMLElement): Record<string, string> {
  const legend = within(frame).getByRole('list', { name: 'Legend' });
  return Object.fromEntries(
    within(legend)
      .getAllByRole('listitem')
      .map((item) => {
        const swatch = item.querySelector<HTMLElement>('[aria-hidden="true"]');
        return [item.textContent ?? '', swatch?.getAttribute('style') ?? ''];
      }),
  );
}

/** The fills of the newest day's bar, bottom up. */
function barFills(frame: HTMLElement): string[] {
  const days = within(frame).getAllByRole('img');
  const newest = days.at(-1);
  return [...(newest?.querySelectorAll('rect[y]') ?? [])].map(
    (rect) => (rect as SVGRectElement).style.fill,
  );
}

/** Per search: the stroke of its sparkline. */
function sparklineStrokes(): Record<string, string> {
  const table = screen.getByRole('table', { name: 'Searches' });
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        within(row).getByRole('link').textContent ?? '',
        row.querySelector<SVGPolylineElement>('polyline')?.style.stroke ?? '',
      ]),
  );
}

describe('a query’s colour', () => {
  it('comes from its id alone: the same at 7, 30 and 90 days whichever queries the range holds', async () => {
    const user = userEvent.setup();
    serveByRange();
    renderOverview('/overview?range=7');
    const seen: Record<string, Set<string>> = {};
    for (const [range, label] of [
      ['7', 'Last 7 days'],
      ['30', 'Last 30 days'],
      ['90', 'Last 90 days'],
    ] as const) {
      if (range !== '7')
        await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), label);
      const ids = RANGES[range] ?? [];
      const frame = await findChart('New jobs per day');
      await waitFor(() => expect(Object.keys(legendPaints(frame))).toContain(LABELS[ids[0] ?? 0]));
      const legend = legendPaints(frame);
      const strokes = await waitFor(() => {
        const found = sparklineStrokes();
        expect(Object.keys(found).sort()).toEqual(ids.map((id) => LABELS[id]).sort());
        return found;
      });
      for (const id of ids) {
        const label = LABELS[id] ?? '';
        const colour = queryPaint(id).color;
        expect(legend[label], `${label} at ${range} days`).toContain(colour);
        expect(strokes[label], `${label}'s sparkline at ${range} days`).toBe(colour);
        (seen[label] ??= new Set()).add(legend[label] ?? '');
      }
      // The bars are stacked in the answer's order, each in its query's paint (the ninth's
      // stripes a pattern of the chart's own).
      const prefix = frame.querySelector('pattern')?.id.replace(/-hatch$/, '') ?? '';
      expect(barFills(frame).slice(0, ids.length)).toEqual(
        ids.map((id) =>
          queryPaint(id).pattern
            ? `url("#${patternId(prefix, queryPaint(id))}")`
            : queryPaint(id).color,
        ),
      );
    }
    for (const [label, paints] of Object.entries(seen)) expect(paints.size, label).toBe(1);
    // The ninth query comes round to the first's colour, striped so the two still read apart.
    expect(queryPaint(9)).toEqual({ color: queryPaint(1).color, pattern: 'stripes' });
    expect(queryPaint(1).pattern).toBeUndefined();
    expect(queryPaint(17)).toEqual(queryPaint(1));
  });
});
