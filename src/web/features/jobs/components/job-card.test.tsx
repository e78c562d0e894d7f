import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { JobListItem } from '../api/jobs-schema';
import { aJob, listItem } from '../testing';
import { JobsTable } from './jobs-table';

// The job's row, which a phone draws as a card (docs/decisions/033). jsdom applies no CSS, so
// this checks what the card is made of; e2e/phone-and-dark.spec.ts checks how it is laid out.

const WORST = listItem(
  aJob(1, {
    title: '=SUM(A1:A2) Data Analyst',
    company_name: '株式会社サクラテック・グローバルデータソリューションズ',
    location: 'Tokyo, Japan',
    workplace: 'hybrid',
    posted_at: '2026-10-01',
    salary: '¥6.5M/yr - ¥9M/yr',
    applicants: 'Over 200 applicants',
    easy_apply: true,
    state: 'new',
    search_terms: ['Data Analyst', '=SUM(A1:A2) Data Analyst'],
  }),
);
const SPARSE = listItem(
  aJob(2, { title: 'Werkstudent (m/w/d)', company_name: null, location: 'Berlin, Germany' }),
);

function renderTable(jobs: JobListItem[]) {
  const onOpen = vi.fn();
  const onToggle = vi.fn();
  render(
    <JobsTable
      jobs={jobs}
      words={[]}
      highlightedId={null}
      selected={new Set()}
      onToggle={onToggle}
      onToggleAll={vi.fn()}
      onOpen={onOpen}
      onHighlight={vi.fn()}
      empty={null}
    />,
  );
  const rowOf = (title: string) => {
    const row = screen.getByRole('checkbox', { name: `Select ${title}` }).closest('tr');
    if (!row) throw new Error(`no row for ${title}`);
    return row;
  };
  return { onOpen, onToggle, rowOf };
}

/** The cells of a row by their part, in the row's order. */
function parts(row: HTMLElement): Record<string, HTMLElement> {
  return Object.fromEntries(
    [...row.querySelectorAll<HTMLElement>('td[data-part]')].map((td) => [td.dataset.part, td]),
  );
}

describe('a job card', () => {
  it('reads like a job: the title, its badges after it, then company · location and the facts', () => {
    const { rowOf } = renderTable([WORST]);
    const row = rowOf(WORST.title);
    const [select, job, ...meta] = within(row).getAllByRole('cell');
    // The checkbox first (the card's corner), named for the job it selects.
    expect(within(select ?? row).getByRole('checkbox')).toHaveAccessibleName(
      'Select =SUM(A1:A2) Data Analyst',
    );
    // The title is the card's one button; every badge follows it, in the title's block.
    const title = within(job ?? row).getByRole('button');
    expect(title).toHaveTextContent('=SUM(A1:A2) Data Analyst');
    expect(within(row).getAllByRole('button')).toEqual([title]);
    const badges = [...(job ?? row).querySelectorAll('[data-slot="badge"]')];
    expect(badges.map((b) => b.textContent)).toEqual(['new', 'Easy Apply']);
    for (const badge of badges) {
      expect(title.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(badge.parentElement).toBe(title.parentElement);
    }
    expect(job).toHaveTextContent('Found by Data Analyst · =SUM(A1:A2) Data Analyst');
    // Then the place and the quiet facts, in that order, each a cell without a column label.
    expect(meta.map((td) => td.dataset.part)).toEqual([
      'company',
      'location',
      'posted',
      'salary',
      'applicants',
    ]);
    expect(meta.map((td) => td.textContent)).toEqual([
      '株式会社サクラテック・グローバルデータソリューションズ',
      'Tokyo, JapanHybrid',
      expect.any(String),
      '¥6.5M/yr - ¥9M/yr',
      'Over 200 applicants',
    ]);
    for (const td of row.querySelectorAll('td')) expect(td).not.toHaveAttribute('data-label');
  });

  it('leaves what is unknown out of the card, and shows "-" for it in the table', () => {
    const { rowOf } = renderTable([SPARSE]);
    const cells = parts(rowOf(SPARSE.title));
    for (const part of ['company', 'posted', 'salary', 'applicants']) {
      expect(cells[part], part).toHaveAttribute('data-missing');
      expect(cells[part], part).toHaveTextContent('-');
    }
    expect(cells.location).not.toHaveAttribute('data-missing');
    expect(cells.location).toHaveTextContent('Berlin, Germany');
  });

  it('opens the panel from the title, by click or by key, and selects without opening', async () => {
    const user = userEvent.setup();
    const { onOpen, onToggle, rowOf } = renderTable([WORST, SPARSE]);
    const row = rowOf(SPARSE.title);
    await user.click(within(row).getByRole('checkbox'));
    expect(onToggle).toHaveBeenCalledWith(2);
    expect(onOpen).not.toHaveBeenCalled();
    // From the checkbox, the next stop is the card's title; Enter opens it.
    await user.tab();
    expect(within(row).getByRole('button', { name: SPARSE.title })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(SPARSE);
    await user.click(within(rowOf(WORST.title)).getByRole('button'));
    expect(onOpen).toHaveBeenLastCalledWith(WORST);
  });

  it('shows every state badge a job can carry beside Easy Apply', () => {
    const states = ['new', 'saved', 'applied', 'hidden', 'seen'] as const;
    const jobs = states.map((state, i) =>
      listItem(aJob(10 + i, { title: `Job ${state}`, state, easy_apply: true })),
    );
    const { rowOf } = renderTable(jobs);
    const badgesOf = (title: string) =>
      [...rowOf(title).querySelectorAll('[data-slot="badge"]')].map((b) => b.textContent);
    expect(states.map((s) => badgesOf(`Job ${s}`))).toEqual([
      ['new', 'Easy Apply'],
      ['Saved', 'Easy Apply'],
      ['Applied', 'Easy Apply'],
      ['Hidden', 'Easy Apply'],
      ['Easy Apply'],
    ]);
  });

  it('shows the pipeline stage of a job on the board where its triage state would be (issue 39)', () => {
    const cases = [
      { state: 'applied', pipeline_stage: 'interviewing', badge: 'Interviewing', tone: 'green' },
      { state: 'saved', pipeline_stage: 'saved', badge: 'Saved', tone: 'amber' },
      { state: 'applied', pipeline_stage: 'no_answer', badge: 'No answer', tone: 'neutral' },
      { state: 'applied', pipeline_stage: 'rejected', badge: 'Rejected', tone: 'neutral' },
      { state: 'applied', pipeline_stage: 'offer', badge: 'Offer', tone: 'green' },
      // Not on the board: the triage state, as before.
      { state: 'applied', pipeline_stage: null, badge: 'Applied', tone: 'green' },
      // A row drawn hidden before the list came back: its old stage is not shown.
      { state: 'hidden', pipeline_stage: 'interviewing', badge: 'Hidden', tone: 'neutral' },
    ] as const;
    const jobs = cases.map(({ state, pipeline_stage }, i) =>
      listItem(aJob(20 + i, { title: `Job ${i}`, state, pipeline_stage })),
    );
    const { rowOf } = renderTable(jobs);
    cases.forEach(({ badge, tone }, i) => {
      const badges = [...rowOf(`Job ${i}`).querySelectorAll('[data-slot="badge"]')];
      expect(badges.map((b) => b.textContent)).toEqual([badge]);
      expect(badges[0]?.className).toContain(`bg-tone-${tone}-bg`);
    });
  });
});
