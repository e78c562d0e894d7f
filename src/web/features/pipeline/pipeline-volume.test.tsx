import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from './first-page';
import {
  anApplication,
  cardTitles,
  column,
  daysAgo,
  fakePipelineServer,
  moveByMenu,
  renderPipeline,
  windowWidth,
} from './testing';

// Issue 39: hundreds of cards. A column, the phone's stage and the table draw their first page,
// then "Show all N"; showing all moves the focus to the first card it revealed; a card moved into
// a long column shows even when its place in the order is past the first page.

fakePipelineServer(() => MANY());

const BOARD = { timeout: 5000 };
const SAVED = 45;

/** 45 in Saved (the longest there first), one in Applied. */
const MANY = () => [
  ...Array.from({ length: SAVED }, (_, i) =>
    anApplication(100 + i, {
      title: `Saved job ${i + 1}`,
      stage: 'saved',
      stage_since: daysAgo(60 - i),
    }),
  ),
  anApplication(300, { title: 'Applied job', stage: 'applied', stage_since: daysAgo(1) }),
];

const firstTitles = (count: number) =>
  Array.from({ length: count }, (_, i) => `Saved job ${i + 1}`);

describe('a long column', () => {
  it('draws its first page and "Show all 45"; showing all moves the focus to the first revealed', async () => {
    const user = userEvent.setup();
    renderPipeline();
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    expect(column('Saved')).toHaveAccessibleName('Saved, 45 applications');
    expect(cardTitles(column('Saved'))).toEqual(firstTitles(FIRST_PAGE));
    const showAll = within(column('Saved')).getByRole('button', {
      name: 'Show all 45 applications in Saved',
    });
    expect(showAll).toHaveTextContent('Show all 45');
    // A short column has none.
    expect(within(column('Applied')).queryByRole('button', { name: /^Show all/ })).toBeNull();

    await user.click(showAll);
    expect(cardTitles(column('Saved'))).toEqual(firstTitles(SAVED));
    expect(within(column('Saved')).queryByRole('button', { name: /^Show all/ })).toBeNull();
    expect(screen.getByRole('link', { name: `Saved job ${FIRST_PAGE + 1}` })).toHaveFocus();
  });

  it('shows a card moved into it past its first page, where the eye and the focus can follow', async () => {
    const user = userEvent.setup();
    renderPipeline();
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    // In Saved since now: the last of 46 in the column's order.
    await moveByMenu(user, 'Applied job', 'Saved');
    await waitFor(() =>
      expect(cardTitles(column('Saved'))).toEqual([...firstTitles(FIRST_PAGE), 'Applied job']),
    );
    await waitFor(() =>
      expect(
        within(column('Saved')).getByRole('button', { name: 'Move Applied job to…' }),
      ).toHaveFocus(),
    );
    expect(
      within(column('Saved')).getByRole('button', { name: 'Show all 46 applications in Saved' }),
    ).toBeInTheDocument();
  });
});

describe('on a phone and in the table', () => {
  it('the phone’s stage shows its first page, then all', async () => {
    const user = userEvent.setup();
    windowWidth(false);
    renderPipeline();
    await screen.findByRole('combobox', { name: 'Stage' });
    const stage = await screen.findByRole('region', { name: /^Saved/ });
    expect(cardTitles(stage)).toEqual(firstTitles(FIRST_PAGE));
    await user.click(screen.getByRole('button', { name: 'Show all 45 applications in Saved' }));
    expect(cardTitles(stage)).toEqual(firstTitles(SAVED));
    expect(screen.getByRole('link', { name: `Saved job ${FIRST_PAGE + 1}` })).toHaveFocus();
  });

  it('the table shows its first page of the order chosen, then all', async () => {
    const user = userEvent.setup();
    renderPipeline('/pipeline?view=table');
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(within(table).getAllByRole('row')).toHaveLength(FIRST_PAGE + 1);
    await user.click(screen.getByRole('button', { name: 'Show all 46 applications' }));
    expect(within(table).getAllByRole('row')).toHaveLength(SAVED + 2);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });
});
