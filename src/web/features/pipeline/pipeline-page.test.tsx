import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordDownloads, type RecordedDownloads } from '../../test/downloads';
import {
  anApplication,
  API,
  cardTitles,
  column,
  daysAgo,
  daysAhead,
  fakePipelineServer,
  location,
  moveByMenu,
  renderPipeline,
  windowWidth,
} from './testing';

const { api, server } = fakePipelineServer(() => SEEDED());
let downloads: RecordedDownloads;
beforeEach(() => {
  downloads = recordDownloads();
});

// The board's chunk (dnd-kit) is lazy: on a loaded machine its first load may take a while.
const BOARD = { timeout: 5000 };

/** Four applications in three stages, one long and non-Latin, one with an overdue next step. */
const SEEDED = () => [
  anApplication(11, {
    title: 'Senior Data Analyst',
    company_name: 'Acme GmbH',
    stage: 'saved',
    stage_since: daysAgo(0),
    query_id: 1,
  }),
  anApplication(12, {
    title: 'BI Developer',
    company_name: 'Globex',
    location: 'Remote',
    stage: 'applied',
    stage_since: daysAgo(3),
    next_step: { at: daysAhead(2), what: 'Follow up' },
    query_id: 2,
  }),
  anApplication(13, {
    title: 'データアナリスト（シニア）',
    company_name: '株式会社テスト',
    location: '東京都',
    stage: 'applied',
    stage_since: daysAgo(1),
    next_step: { at: daysAgo(2), what: 'Send portfolio' },
    query_id: 1,
  }),
  anApplication(14, {
    title: 'Analytics Engineer',
    company_name: 'Initech',
    stage: 'interviewing',
    stage_since: daysAgo(8),
    query_id: 2,
  }),
];

const STAGE_NAMES = [
  'Saved',
  'Applied',
  'Screening',
  'Interviewing',
  'Offer',
  'Accepted',
  'Rejected',
  'Withdrawn',
  'No answer',
];

describe('PipelinePage: the board', () => {
  it('draws a column per stage in board order with its count, and what each card says', async () => {
    renderPipeline();
    expect(screen.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeInTheDocument();
    const board = await screen.findByRole('group', { name: 'Board' }, BOARD);
    const headings = within(board).getAllByRole('heading', { level: 2 });
    const names = [
      'Saved, 1 application',
      'Applied, 2 applications',
      'Screening, 0 applications',
      'Interviewing, 1 application',
      'Offer, 0 applications',
      'Accepted, 0 applications',
      'Rejected, 0 applications',
      'Withdrawn, 0 applications',
      'No answer, 0 applications',
    ];
    expect(headings).toHaveLength(names.length);
    names.forEach((name, i) => expect(headings[i]).toHaveAccessibleName(name));
    // The count is also drawn beside the name.
    expect(headings[1]).toHaveTextContent(/^Applied, 2 applicationsApplied2$/);
    expect(api.listRequests.map((p) => p.toString())).toEqual(['']);
    expect(screen.getByText('4 applications')).toBeInTheDocument();

    // Inside a column the overdue next step comes first, then the later one.
    expect(cardTitles(column('Applied'))).toEqual(['データアナリスト（シニア）', 'BI Developer']);
    const overdue = within(column('Applied')).getByRole('article', {
      name: 'データアナリスト（シニア）',
    });
    expect(overdue).toHaveTextContent('株式会社テスト · 東京都');
    expect(overdue).toHaveTextContent('1 day in Applied');
    expect(overdue).toHaveTextContent('Next step: Send portfolio · 2 days ago');
    expect(within(overdue).getByText('Overdue')).toBeInTheDocument();

    const later = within(column('Applied')).getByRole('article', { name: 'BI Developer' });
    expect(later).toHaveTextContent('Globex · Remote');
    expect(later).toHaveTextContent('3 days in Applied');
    expect(later).toHaveTextContent('Next step: Follow up · in 2 days');
    expect(within(later).queryByText('Overdue')).not.toBeInTheDocument();

    const saved = within(column('Saved')).getByRole('article', { name: 'Senior Data Analyst' });
    expect(saved).toHaveTextContent('In Saved since today');
    expect(within(column('Interviewing')).getByRole('article')).toHaveTextContent(
      '8 days in Interviewing',
    );
    expect(within(column('Screening')).getByText('No applications')).toBeInTheDocument();
    // Every card has its handle for the keyboard and its menu for moving without a drag.
    expect(screen.getAllByRole('button', { name: /^Drag / })).toHaveLength(4);
    expect(screen.getAllByRole('button', { name: /^Move .* to…$/ })).toHaveLength(4);
  });

  it('moves a card at once by its menu, sends the stage, and says so', async () => {
    const user = userEvent.setup();
    // The answer waits, so the card is seen in its new column before the server has said yes.
    server.use(
      http.patch(`${API}/applications/:id`, async () => {
        await delay(150);
        return undefined;
      }),
    );
    renderPipeline();
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    await moveByMenu(user, 'Senior Data Analyst', 'Screening');
    expect(cardTitles(column('Screening'))).toEqual(['Senior Data Analyst']);
    expect(cardTitles(column('Saved'))).toEqual([]);
    expect(
      within(column('Screening')).getByRole('article', { name: 'Senior Data Analyst' }),
    ).toHaveTextContent('In Screening since today');
    // Its menu button, in the new column, keeps the focus.
    await waitFor(() =>
      expect(
        within(column('Screening')).getByRole('button', { name: 'Move Senior Data Analyst to…' }),
      ).toHaveFocus(),
    );

    expect(await screen.findByText('Moved Senior Data Analyst to Screening')).toBeInTheDocument();
    expect(api.moves).toEqual([{ jobId: 11, body: { stage: 'screening' } }]);
    // Asked again after the move: the server's answer stands.
    await waitFor(() => expect(api.listRequests).toHaveLength(2));
    expect(cardTitles(column('Screening'))).toEqual(['Senior Data Analyst']);
  });

  it('puts a refused move back where it was and says why', async () => {
    const user = userEvent.setup();
    api.refuseMoves = { status: 403, error: 'This token may only read' };
    server.use(
      http.patch(`${API}/applications/:id`, async () => {
        await delay(150);
        return undefined;
      }),
    );
    renderPipeline();
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    await moveByMenu(user, 'Analytics Engineer', 'Offer');
    // Moved at once, before the server answers…
    expect(cardTitles(column('Offer'))).toEqual(['Analytics Engineer']);
    // …and back when it refuses.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not move Analytics Engineer to Offer: This token may only read. It stays in Interviewing.',
    );
    expect(cardTitles(column('Interviewing'))).toEqual(['Analytics Engineer']);
    expect(cardTitles(column('Offer'))).toEqual([]);
    expect(api.moves).toEqual([{ jobId: 14, body: { stage: 'offer' } }]);
    expect(
      within(column('Interviewing')).getByRole('article', { name: 'Analytics Engineer' }),
    ).toHaveTextContent('8 days in Interviewing');
    await waitFor(() =>
      expect(
        within(column('Interviewing')).getByRole('button', {
          name: 'Move Analytics Engineer to…',
        }),
      ).toHaveFocus(),
    );
  });

  it('moves a card by the keyboard: Space picks it up, an arrow carries it, Space drops it', async () => {
    const user = userEvent.setup();
    columnsLaidOut();
    renderPipeline();
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    const handle = screen.getByRole('button', { name: 'Drag Senior Data Analyst' });
    expect(handle).toHaveAttribute('aria-roledescription', 'draggable');
    // dnd-kit's instructions are what the handle describes itself with (mounted just after it).
    await waitFor(() =>
      expect(handle).toHaveAccessibleDescription(/press Space or Enter to pick it up/),
    );

    handle.focus();
    await user.keyboard('[Space]');
    await waitFor(() =>
      expect(liveRegionText()).toContain('Picked up Senior Data Analyst, in Saved.'),
    );
    await user.keyboard('[ArrowRight]');
    await waitFor(() => expect(liveRegionText()).toContain('Senior Data Analyst is over Applied.'));
    await user.keyboard('[Space]');
    await waitFor(() => expect(api.moves).toEqual([{ jobId: 11, body: { stage: 'applied' } }]));
    expect(liveRegionText()).toContain('Senior Data Analyst was moved from Saved to Applied.');
    await waitFor(() => expect(cardTitles(column('Applied'))).toContain('Senior Data Analyst'));
    expect(cardTitles(column('Saved'))).toEqual([]);
  });

  it('puts a keyboard drag back with Escape, sending nothing', async () => {
    const user = userEvent.setup();
    columnsLaidOut();
    renderPipeline();
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    screen.getByRole('button', { name: 'Drag Senior Data Analyst' }).focus();
    await user.keyboard('[Space]');
    await waitFor(() => expect(liveRegionText()).toContain('Picked up Senior Data Analyst'));
    await user.keyboard('[ArrowRight]');
    await user.keyboard('[Escape]');
    await waitFor(() =>
      expect(liveRegionText()).toContain(
        'Moving Senior Data Analyst was cancelled; it stays in Saved.',
      ),
    );
    expect(api.moves).toEqual([]);
    expect(cardTitles(column('Saved'))).toEqual(['Senior Data Analyst']);
  });

  it('opens an application in a side sheet from its title; closing it gives the focus back to the title', async () => {
    const user = userEvent.setup();
    renderPipeline();
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    await user.click(screen.getByRole('link', { name: 'BI Developer' }));
    expect(location()).toBe('/pipeline?job=12');
    const sheet = await screen.findByRole('dialog', { name: 'BI Developer' });
    expect(sheet).toHaveTextContent('Globex');
    // The application panel loads into the sheet: its stage, the move control and the timeline.
    expect(await within(sheet).findByRole('list', { name: 'Timeline' }, BOARD)).toBeInTheDocument();
    expect(within(sheet).getByRole('combobox', { name: 'Move to' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/pipeline');
    expect(screen.getByRole('link', { name: 'BI Developer' })).toHaveFocus();
  });
});

describe('PipelinePage: the table', () => {
  const rows = () =>
    within(screen.getByRole('table', { name: 'Applications' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

  it('is kept in the URL, soonest next step first and none last, and sorts by its headers', async () => {
    const user = userEvent.setup();
    renderPipeline();
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(location()).toBe('/pipeline?view=table');
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table', { name: 'Applications' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Title'),
        expect.stringContaining('Company'),
        expect.stringContaining('Stage'),
        expect.stringContaining('In stage since'),
        expect.stringContaining('Next step'),
      ]),
    );
    // Overdue, then in two days; the two without a next step last, longest in their stage first.
    expect(rows()).toEqual([
      'データアナリスト（シニア）',
      'BI Developer',
      'Analytics Engineer',
      'Senior Data Analyst',
    ]);
    const nextStep = within(table).getByRole('columnheader', { name: /Next step/ });
    expect(nextStep).toHaveAttribute('aria-sort', 'ascending');

    // The keyboard reaches the headers' buttons.
    const stage = within(table).getByRole('button', { name: 'Stage' });
    stage.focus();
    await user.keyboard('{Enter}');
    expect(within(table).getByRole('columnheader', { name: /^Stage/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(rows()).toEqual([
      'Senior Data Analyst',
      'データアナリスト（シニア）',
      'BI Developer',
      'Analytics Engineer',
    ]);
    await user.click(stage);
    expect(rows()).toEqual([
      'Analytics Engineer',
      'データアナリスト（シニア）',
      'BI Developer',
      'Senior Data Analyst',
    ]);

    await user.click(within(table).getByRole('button', { name: 'In stage since' }));
    expect(rows()).toEqual([
      'Analytics Engineer',
      'BI Developer',
      'データアナリスト（シニア）',
      'Senior Data Analyst',
    ]);
    // The latest next step first: still none last.
    await user.click(within(table).getByRole('button', { name: 'Next step' }));
    await user.click(within(table).getByRole('button', { name: 'Next step' }));
    expect(nextStep).toHaveAttribute('aria-sort', 'descending');
    expect(rows()).toEqual([
      'BI Developer',
      'データアナリスト（シニア）',
      'Analytics Engineer',
      'Senior Data Analyst',
    ]);
  });

  it('opens from a link with the table, and the board needs no drag code there', async () => {
    renderPipeline('/pipeline?view=table');
    expect(await screen.findByRole('table', { name: 'Applications' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Board' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /Send portfolio/ })).toHaveTextContent('Overdue');
  });
});

describe('PipelinePage: on a phone', () => {
  it('shows one stage at a time with a switcher holding every count, and moves by the menu', async () => {
    const user = userEvent.setup();
    windowWidth(false);
    renderPipeline();
    const switcher = await screen.findByRole('combobox', { name: 'Stage' });
    expect(screen.queryByRole('group', { name: 'Board' })).not.toBeInTheDocument();
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Saved (1)',
      'Applied (2)',
      'Screening (0)',
      'Interviewing (1)',
      'Offer (0)',
      'Accepted (0)',
      'Rejected (0)',
      'Withdrawn (0)',
      'No answer (0)',
    ]);
    // It opens on the first stage that holds a card.
    expect(switcher).toHaveValue('saved');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Senior Data Analyst',
    ]);
    expect(screen.queryByRole('button', { name: /^Drag / })).not.toBeInTheDocument();

    await user.selectOptions(switcher, 'Applied (2)');
    expect(location()).toBe('/pipeline?stage=applied');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'データアナリスト（シニア）',
      'BI Developer',
    ]);
    await moveByMenu(user, 'BI Developer', 'Rejected');
    // Rejected closes it: its next step ends with the move, no question asked.
    expect(
      await screen.findByText('Moved BI Developer to Rejected and ended its next step'),
    ).toBeInTheDocument();
    expect(api.moves).toEqual([{ jobId: 12, body: { stage: 'rejected' } }]);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'データアナリスト（シニア）',
    ]);
    // The card left the stage shown: the focus waits on the switcher.
    expect(switcher).toHaveFocus();
    expect(within(switcher).getByRole('option', { name: 'Rejected (1)' })).toBeInTheDocument();
    expect(within(switcher).getByRole('option', { name: 'Applied (1)' })).toBeInTheDocument();
  });

  it('keeps the columns from 640 px up', async () => {
    windowWidth(true);
    renderPipeline();
    expect(await screen.findByRole('group', { name: 'Board' }, BOARD)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Stage' })).not.toBeInTheDocument();
  });
});

describe('PipelinePage: filters, empty states and exports', () => {
  it('asks for the query and company the URL holds, and shows them chosen', async () => {
    renderPipeline('/pipeline?query=2&company=glob');
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    expect(api.listRequests.map((p) => p.toString())).toEqual(['query=2&company=glob']);
    expect(cardTitles(column('Applied'))).toEqual(['BI Developer']);
    const query = screen.getByRole('combobox', { name: 'Query' });
    await within(query).findByRole('option', { name: 'Financial Analyst · New York' });
    expect(query).toHaveValue('2');
    expect(screen.getByRole('searchbox', { name: 'Company' })).toHaveValue('glob');
  });

  it('puts a new query and a typed company in the URL and asks with them', async () => {
    const user = userEvent.setup();
    renderPipeline('/pipeline?view=table');
    await screen.findByRole('table', { name: 'Applications' });
    const query = screen.getByRole('combobox', { name: 'Query' });
    await within(query).findByRole('option', { name: 'Data Analyst · Berlin, Germany' });
    await user.selectOptions(query, 'Data Analyst · Berlin, Germany');
    expect(location()).toBe('/pipeline?view=table&query=1');
    await user.type(screen.getByRole('searchbox', { name: 'Company' }), 'ACME');
    await waitFor(() => expect(location()).toBe('/pipeline?view=table&query=1&company=ACME'));
    await waitFor(() => expect(api.listRequests.at(-1)?.toString()).toBe('query=1&company=ACME'));
    expect(await screen.findByText('1 application')).toBeInTheDocument();
    // Typing did not ask once per letter.
    expect(api.listRequests.map((p) => p.toString())).not.toContain('query=1&company=A');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/pipeline?view=table');
    await waitFor(() => expect(screen.getByText('4 applications')).toBeInTheDocument());
  });

  it('says how jobs come in when the pipeline is empty', async () => {
    api.applications = [];
    renderPipeline();
    expect(await screen.findByText('Nothing in the pipeline yet')).toBeInTheDocument();
    expect(screen.getByText(/Save or apply to a job on the/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jobs screen' })).toHaveAttribute('href', '/jobs');
    expect(screen.queryByRole('group', { name: 'Board' })).not.toBeInTheDocument();
  });

  it('offers to clear filters that leave nothing', async () => {
    const user = userEvent.setup();
    renderPipeline('/pipeline?company=nobody');
    expect(await screen.findByText('No application matches these filters.')).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear[clear.length - 1] as HTMLElement);
    expect(location()).toBe('/pipeline');
    expect(await screen.findByRole('group', { name: 'Board' }, BOARD)).toBeInTheDocument();
  });

  it('exports xlsx, CSV and NDJSON with the filters, under the name the server gives', async () => {
    const user = userEvent.setup();
    renderPipeline('/pipeline?query=1&company=acme');
    await screen.findByRole('group', { name: 'Board' }, BOARD);
    const group = screen.getByRole('group', { name: 'Export' });
    await user.click(within(group).getByRole('button', { name: 'Export xlsx' }));
    await waitFor(() => expect(downloads.names).toEqual(['pipeline.xlsx']));
    await user.click(within(group).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toHaveLength(2));
    await user.click(within(group).getByRole('button', { name: 'Export NDJSON' }));
    await waitFor(() =>
      expect(downloads.names).toEqual(['pipeline.xlsx', 'pipeline.csv', 'pipeline.ndjson']),
    );
    expect(api.exports.map((p) => p.toString())).toEqual([
      'query=1&company=acme&format=xlsx',
      'query=1&company=acme&format=csv',
      'query=1&company=acme&format=json',
    ]);
  });

  it('says when the pipeline cannot be loaded', async () => {
    server.use(
      http.get(`${API}/applications`, () =>
        HttpResponse.json({ error: 'Database is locked' }, { status: 503 }),
      ),
    );
    renderPipeline();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading the pipeline: Database is locked',
    );
  });
});

/** What dnd-kit has said to a screen reader so far (its live region). */
function liveRegionText(): string {
  return [...document.querySelectorAll('[role="status"][aria-live]')]
    .map((e) => e.textContent ?? '')
    .join(' ');
}

/**
 * jsdom lays nothing out: give each column a box side by side (288 px wide, 12 apart) and each
 * card a box inside its column, so dnd-kit's collision finds the column a card is over.
 */
function columnsLaidOut() {
  const box = (x: number, y: number, width: number, height: number): DOMRect =>
    DOMRect.fromRect({ x, y, width, height });
  const stageIndex = (el: Element | null) =>
    STAGE_NAMES.findIndex((_, i) => el?.getAttribute('data-stage') === STAGE_KEYS[i]);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const own = stageIndex(this);
    if (own !== -1) return box(own * 300, 0, 288, 600);
    const holder = this.closest('[data-stage]');
    const index = stageIndex(holder);
    // A card (or the drag overlay, which starts where the picked-up card was: in Saved).
    return box(Math.max(index, 0) * 300 + 8, 48, 272, 120);
  });
}

const STAGE_KEYS = [
  'saved',
  'applied',
  'screening',
  'interviewing',
  'offer',
  'accepted',
  'rejected',
  'withdrawn',
  'no_answer',
];
