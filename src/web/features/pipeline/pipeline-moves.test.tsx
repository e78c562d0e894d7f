import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  anApplication,
  API,
  cardTitles,
  column,
  daysAgo,
  daysAhead,
  fakePipelineServer,
  moveByMenu,
  renderPipeline,
} from './testing';

// Issue 39: a move past a stage with a next step asks whether to keep it (Keep / Clear, by the
// keyboard too, the focus where it belongs after either answer or none); a closing move ends the
// step without asking; every move's toast offers Undo, and so does the moved card's menu.

const { api, server } = fakePipelineServer(() => SEEDED());

const BOARD = { timeout: 5000 };

const SEEDED = () => [
  anApplication(21, {
    title: 'Data Analyst',
    company_name: 'Acme',
    stage: 'saved',
    stage_since: daysAgo(2),
  }),
  anApplication(22, {
    title: 'BI Developer',
    company_name: 'Globex',
    stage: 'screening',
    stage_since: daysAgo(4),
    next_step: { at: daysAhead(2), what: 'Phone screen' },
  }),
];

const question = () => screen.findByRole('alertdialog', { name: 'Keep the next step?' });
const menuButton = (stage: string, title: string) =>
  within(column(stage)).getByRole('button', { name: `Move ${title} to…` });
const card = (stage: string, title: string) =>
  within(column(stage)).getByRole('article', { name: title });

async function openBoard() {
  renderPipeline();
  await screen.findByRole('group', { name: 'Board' }, BOARD);
}

describe('a move past a stage with a next step', () => {
  it('asks; Escape leaves the card where it was, sends nothing and gives the focus back', async () => {
    const user = userEvent.setup();
    await openBoard();
    await moveByMenu(user, 'BI Developer', 'Interviewing');
    const dialog = await question();
    expect(dialog).toHaveTextContent(
      /BI Developer has a next step: Phone screen, .+\. Keep it in Interviewing, or clear it/,
    );
    // The first answer is Keep: what a move did before it asked.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep next step' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.moves).toEqual([]);
    expect(cardTitles(column('Screening'))).toEqual(['BI Developer']);
    await waitFor(() => expect(menuButton('Screening', 'BI Developer')).toHaveFocus());
  });

  it('keeps the step with Enter on Keep, and the focus follows the card', async () => {
    const user = userEvent.setup();
    await openBoard();
    await moveByMenu(user, 'BI Developer', 'Interviewing');
    await question();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.moves).toHaveLength(1));
    expect(api.moves[0]).toEqual({ jobId: 22, body: { stage: 'interviewing' } });
    expect(card('Interviewing', 'BI Developer')).toHaveTextContent('Next step: Phone screen');
    await waitFor(() => expect(menuButton('Interviewing', 'BI Developer')).toHaveFocus());
    expect(await screen.findByText('Moved BI Developer to Interviewing')).toBeInTheDocument();
  });

  it('clears it with Clear: sent with the move, gone from the card, said in the toast', async () => {
    const user = userEvent.setup();
    await openBoard();
    await moveByMenu(user, 'BI Developer', 'Offer');
    const dialog = await question();
    await user.click(within(dialog).getByRole('button', { name: 'Clear next step' }));
    await waitFor(() => expect(api.moves).toHaveLength(1));
    expect(api.moves[0]).toEqual({ jobId: 22, body: { stage: 'offer', next_step: null } });
    expect(card('Offer', 'BI Developer')).not.toHaveTextContent('Next step');
    expect(
      await screen.findByText('Moved BI Developer to Offer and cleared its next step'),
    ).toBeInTheDocument();
  });

  it('to a closing stage asks nothing: the step ends at once, before the server answers', async () => {
    const user = userEvent.setup();
    server.use(
      http.patch(`${API}/applications/:id`, async () => {
        await delay(200);
        return undefined;
      }),
    );
    await openBoard();
    await moveByMenu(user, 'BI Developer', 'Withdrawn');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(card('Withdrawn', 'BI Developer')).not.toHaveTextContent('Next step');
    expect(
      await screen.findByText('Moved BI Developer to Withdrawn and ended its next step'),
    ).toBeInTheDocument();
    expect(api.moves).toEqual([{ jobId: 22, body: { stage: 'withdrawn' } }]);
  });
});

describe('Undo', () => {
  it('from the toast, by the mouse: the card is back, with its stage date, and the focus on its menu', async () => {
    const user = userEvent.setup();
    await openBoard();
    await moveByMenu(user, 'Data Analyst', 'Applied');
    const toast = (await screen.findByText('Moved Data Analyst to Applied')).closest(
      '[role="status"]',
    );
    if (!(toast instanceof HTMLElement)) throw new Error('no toast');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.undos).toEqual([{ jobId: 21, eventId: 2101 }]));
    await waitFor(() => expect(cardTitles(column('Saved'))).toEqual(['Data Analyst']));
    expect(card('Saved', 'Data Analyst')).toHaveTextContent('2 days in Saved');
    expect(await screen.findByText('Undone: Data Analyst is back in Saved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await waitFor(() => expect(menuButton('Saved', 'Data Analyst')).toHaveFocus());
  });

  it('from the toast, by the keyboard', async () => {
    const user = userEvent.setup();
    await openBoard();
    await moveByMenu(user, 'Data Analyst', 'Screening');
    const undo = await screen.findByRole('button', { name: 'Undo' });
    undo.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cardTitles(column('Saved'))).toEqual(['Data Analyst']));
    expect(api.undos).toHaveLength(1);
  });

  it('from the moved card’s menu: a closing move undone brings its next step back', async () => {
    const user = userEvent.setup();
    await openBoard();
    await moveByMenu(user, 'BI Developer', 'Rejected');
    await screen.findByText('Moved BI Developer to Rejected and ended its next step');
    // The menu of the card in Rejected offers it; the other card's does not.
    await user.click(menuButton('Saved', 'Data Analyst'));
    const other = await screen.findByRole('menu', {}, { timeout: 5000 });
    expect(within(other).getByRole('menuitem', { name: 'Applied' })).toBeInTheDocument();
    expect(within(other).queryByRole('menuitem', { name: /^Undo/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(menuButton('Rejected', 'BI Developer'));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Undo move to Rejected' }, { timeout: 5000 }),
    );
    await waitFor(() => expect(cardTitles(column('Screening'))).toEqual(['BI Developer']));
    expect(card('Screening', 'BI Developer')).toHaveTextContent('Next step: Phone screen');
    expect(api.undos).toEqual([{ jobId: 22, eventId: 2201 }]);
    // The move's toast (and its Undo) went with it.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(menuButton('Screening', 'BI Developer')).toHaveFocus());
  });

  it('says why when the server refuses, and the card stays where it went', async () => {
    const user = userEvent.setup();
    await openBoard();
    await moveByMenu(user, 'Data Analyst', 'Applied');
    await screen.findByText('Moved Data Analyst to Applied');
    // Someone moved it again meanwhile (another tab, a script): the server refuses.
    server.use(
      http.delete(`${API}/applications/:id/history/:eventId`, () =>
        HttpResponse.json({ error: 'Only the latest move can be undone' }, { status: 409 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not undo the move of Data Analyst: Only the latest move can be undone',
    );
    expect(cardTitles(column('Applied'))).toEqual(['Data Analyst']);
  });
});
