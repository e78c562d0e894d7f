import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordDownloads, type RecordedDownloads } from '../../test/downloads';
import { renderScreen } from '../../test/render';
import { ApplicationPanel } from './application-panel';
import { formatWhen, toLocalInput } from './dates';
import { anApplication, fakeApplicationsApi, FAKE_NOW, type FakeApplications } from './testing';

const store: FakeApplications = { items: [], writes: [] };
const server = setupServer(...fakeApplicationsApi(store));
let downloads: RecordedDownloads;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  store.items = [anApplication(7)];
  store.writes = [];
  store.failWith = null;
  store.icsDownloads = 0;
  downloads = recordDownloads();
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function renderPanel(onClose = vi.fn()) {
  renderScreen(<ApplicationPanel jobId={7} onClose={onClose} />);
  return onClose;
}

const part = (name: string) => screen.getByRole('region', { name });
const timeline = () =>
  within(part('Timeline'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
/** An instant typed in a datetime-local field, as the browser's zone reads it. */
const typed = (local: string) => new Date(local).toISOString();

describe('ApplicationPanel', () => {
  it('moves the stage, dated when the operator says, and adds it to the timeline', async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByRole('region', { name: 'Stage' })).toHaveTextContent(
      `Applied since ${formatWhen('2025-03-04T09:00:00.000Z')}`,
    );
    const change = screen.getByRole('button', { name: 'Change stage' });
    expect(change).toBeDisabled();
    const select = screen.getByRole('combobox', { name: 'Move to' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Saved',
      'Applied',
      'Screening',
      'Interviewing',
      'Offer',
      'Accepted',
      'Rejected',
      'Withdrawn',
      'No answer',
    ]);
    await user.selectOptions(select, 'screening');
    fireEvent.change(screen.getByLabelText('When (empty: now)'), {
      target: { value: '2025-03-08T10:30' },
    });
    await user.click(change);
    expect(store.writes).toEqual([
      {
        method: 'PATCH',
        path: '/applications/7',
        body: { stage: 'screening', at: typed('2025-03-08T10:30') },
      },
    ]);
    await waitFor(() =>
      expect(part('Stage')).toHaveTextContent(
        `Screening since ${formatWhen(typed('2025-03-08T10:30'))}`,
      ),
    );
    expect(timeline()).toEqual([
      expect.stringMatching(/^Saved.*set by Jobs triage/),
      expect.stringMatching(/^Applied/),
      `Screening${formatWhen(typed('2025-03-08T10:30'))}Edit date`,
    ]);
  });

  it('corrects a date of the timeline in place, and says quietly who set a stage', async () => {
    store.items = [
      anApplication(7, {
        stage: 'no_answer',
        history: [
          ...anApplication(7).history,
          {
            id: 3,
            stage: 'no_answer',
            at: '2025-04-03T09:00:00.000Z',
            recorded_at: '2025-04-03T09:00:00.000Z',
            source: 'product',
          },
        ],
      }),
    ];
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('region', { name: 'Timeline' });
    expect(timeline()[2]).toContain('set by No answer rule');
    await user.click(
      screen.getByRole('button', {
        name: `Edit date of Applied, ${formatWhen('2025-03-04T09:00:00.000Z')}`,
      }),
    );
    const field = screen.getByLabelText('Date of Applied');
    // The field opens filled with the date it corrects, and takes the focus from its button.
    expect(field).toHaveValue(toLocalInput('2025-03-04T09:00:00.000Z'));
    expect(field).toHaveFocus();
    fireEvent.change(field, { target: { value: '2025-03-02T14:15' } });
    await user.click(screen.getByRole('button', { name: 'Save date' }));
    expect(store.writes).toEqual([
      {
        method: 'PATCH',
        path: '/applications/7/history/2',
        body: { at: typed('2025-03-02T14:15') },
      },
    ]);
    await waitFor(() =>
      expect(timeline()[1]).toBe(`Applied${formatWhen(typed('2025-03-02T14:15'))}Edit date`),
    );
  });

  it('shows notes as text with their web addresses linked, and never a javascript: one', async () => {
    store.items = [
      anApplication(7, {
        notes:
          'Apply at https://jobs.example.com/apply?id=7 before Friday.\njavascript:alert(1) <b>not bold</b> ftp://files.example.com ana@example.com',
      }),
    ];
    const user = userEvent.setup();
    renderPanel();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    const links = within(notes).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://jobs.example.com/apply?id=7');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(notes).toHaveTextContent(
      'javascript:alert(1) <b>not bold</b> ftp://files.example.com ana@example.com',
    );
    expect(notes.querySelector('b')).toBeNull();

    await user.click(within(notes).getByRole('button', { name: 'Edit notes' }));
    const area = within(notes).getByRole('textbox', { name: 'Notes' });
    expect(area).toHaveFocus();
    await user.clear(area);
    await user.type(area, 'Call Ana');
    expect(within(notes).getByText('8 / 20,000 characters')).toBeInTheDocument();
    await user.click(within(notes).getByRole('button', { name: 'Save notes' }));
    expect(store.writes.at(-1)).toEqual({
      method: 'PATCH',
      path: '/applications/7',
      body: { notes: 'Call Ana' },
    });
    await waitFor(() => expect(part('Notes')).toHaveTextContent('Call Ana'));
    expect(within(part('Notes')).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('adds a contact with an email and a profile link, and deletes it', async () => {
    const user = userEvent.setup();
    renderPanel();
    const contacts = await screen.findByRole('region', { name: 'Contacts' });
    expect(contacts).toHaveTextContent('No contacts yet.');
    await user.click(within(contacts).getByRole('button', { name: 'Add contact' }));
    const form = within(contacts).getByRole('form', { name: 'New contact' });
    await user.type(within(form).getByLabelText('Name'), 'Ana Lima');
    await user.type(within(form).getByLabelText('Role'), 'Recruiter');
    await user.type(within(form).getByLabelText('Email'), 'ana@example.com');
    await user.type(within(form).getByLabelText('Profile link'), 'https://example.com/in/ana');
    await user.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect(store.writes).toEqual([
      {
        method: 'POST',
        path: '/applications/7/contacts',
        body: {
          name: 'Ana Lima',
          role: 'Recruiter',
          email: 'ana@example.com',
          url: 'https://example.com/in/ana',
        },
      },
    ]);
    const ana = await within(part('Contacts')).findByRole('listitem', { name: 'Ana Lima' });
    expect(ana).toHaveTextContent('Recruiter');
    expect(within(ana).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana@example.com',
    );
    expect(within(ana).getByRole('link', { name: 'Profile of Ana Lima' })).toHaveAttribute(
      'href',
      'https://example.com/in/ana',
    );

    const anaId = store.items[0]?.contacts[0]?.id;
    await user.click(within(ana).getByRole('button', { name: 'Delete Ana Lima' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(part('Contacts')).toHaveTextContent('No contacts yet.'));
    expect(store.writes.at(-1)).toEqual({
      method: 'DELETE',
      path: `/applications/7/contacts/${anaId}`,
      body: null,
    });
  });

  it('sets the next step, downloads it as .ics, and clears it', async () => {
    const user = userEvent.setup();
    renderPanel();
    const next = await screen.findByRole('region', { name: 'Next step' });
    expect(next).toHaveTextContent('No next step.');
    expect(within(next).queryByRole('button', { name: 'Download .ics' })).not.toBeInTheDocument();
    await user.click(within(next).getByRole('button', { name: 'Set next step' }));
    fireEvent.change(within(next).getByLabelText('When'), {
      target: { value: '2025-03-12T10:00' },
    });
    await user.type(within(next).getByLabelText('What'), 'phone screen');
    await user.click(within(next).getByRole('button', { name: 'Save next step' }));
    expect(store.writes).toEqual([
      {
        method: 'PATCH',
        path: '/applications/7',
        body: { next_step: { at: typed('2025-03-12T10:00'), what: 'phone screen' } },
      },
    ]);
    await waitFor(() =>
      expect(part('Next step')).toHaveTextContent(
        `phone screen · ${formatWhen(typed('2025-03-12T10:00'))}`,
      ),
    );

    await user.click(within(part('Next step')).getByRole('button', { name: 'Download .ics' }));
    await waitFor(() => expect(downloads.names).toEqual(['next-step-7.ics']));
    expect(store.icsDownloads).toBe(1);
    expect(await downloads.blobs[0]?.text()).toContain('BEGIN:VCALENDAR');

    await user.click(within(part('Next step')).getByRole('button', { name: 'Clear next step' }));
    expect(store.writes.at(-1)).toEqual({
      method: 'PATCH',
      path: '/applications/7',
      body: { next_step: null },
    });
    await waitFor(() => expect(part('Next step')).toHaveTextContent('No next step.'));
  });

  it('shows the server’s 400 beside the field it is about', async () => {
    store.failWith = { status: 400, error: 'reference must be at most 2000 characters' };
    const user = userEvent.setup();
    renderPanel();
    const details = await screen.findByRole('region', { name: 'Application' });
    await user.click(within(details).getByRole('button', { name: 'Edit details' }));
    const reference = within(details).getByLabelText('Reference');
    await user.type(reference, 'REQ-42');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    const alert = await within(details).findByRole('alert');
    expect(alert).toHaveTextContent('reference must be at most 2000 characters');
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(reference).toHaveAccessibleDescription('reference must be at most 2000 characters');
    // The form stays open with what was typed.
    expect(reference).toHaveValue('REQ-42');
  });

  it('refuses a bad email as the server would, next to the field', async () => {
    const user = userEvent.setup();
    renderPanel();
    const contacts = await screen.findByRole('region', { name: 'Contacts' });
    await user.click(within(contacts).getByRole('button', { name: 'Add contact' }));
    const form = within(contacts).getByRole('form', { name: 'New contact' });
    await user.type(within(form).getByLabelText('Name'), 'Ana');
    const email = within(form).getByLabelText('Email');
    await user.type(email, 'ana-at-example');
    await user.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'email must be an email address such as ana@example.com',
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('links the reference when it is a web address', async () => {
    store.items = [
      anApplication(7, {
        reference: 'https://careers.example.com/r/42',
        salary_asked: '€70,000',
        salary_offered: null,
      }),
    ];
    renderPanel();
    const details = await screen.findByRole('region', { name: 'Application' });
    expect(
      within(details).getByRole('link', { name: 'https://careers.example.com/r/42' }),
    ).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(details).toHaveTextContent('Salary asked€70,000');
    expect(details).toHaveTextContent('Salary offered-');
  });

  it('asks whether a move keeps the next step, and sends Clear with the move', async () => {
    const step = { at: '2025-03-12T10:00:00.000Z', what: 'phone screen' };
    store.items = [anApplication(7, { next_step: step })];
    const user = userEvent.setup();
    renderPanel();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Move to' }), 'offer');
    await user.click(screen.getByRole('button', { name: 'Change stage' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Keep the next step?' });
    expect(dialog).toHaveTextContent(
      `Job 7 has a next step: phone screen, ${formatWhen(step.at)}. Keep it in Offer`,
    );
    expect(store.writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Clear next step' }));
    await waitFor(() =>
      expect(store.writes).toEqual([
        { method: 'PATCH', path: '/applications/7', body: { stage: 'offer', next_step: null } },
      ]),
    );
    await waitFor(() => expect(part('Next step')).toHaveTextContent('No next step.'));
  });

  it('moves to a closing stage without asking: the move ends the step', async () => {
    const step = { at: '2025-03-12T10:00:00.000Z', what: 'phone screen' };
    store.items = [anApplication(7, { next_step: step })];
    const user = userEvent.setup();
    renderPanel();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Move to' }), 'rejected');
    await user.click(screen.getByRole('button', { name: 'Change stage' }));
    await waitFor(() =>
      expect(store.writes.at(-1)).toEqual({
        method: 'PATCH',
        path: '/applications/7',
        body: { stage: 'rejected' },
      }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows in the timeline the step a move ended, and plans none while closed', async () => {
    const ended = { at: '2025-03-12T10:00:00.000Z', what: 'phone screen' };
    store.items = [
      anApplication(7, {
        stage: 'rejected',
        history: [
          ...anApplication(7).history,
          {
            id: 3,
            stage: 'rejected',
            at: '2025-03-09T09:00:00.000Z',
            recorded_at: '2025-03-09T09:00:00.000Z',
            source: 'operator',
            ended_next_step: ended,
          },
        ],
      }),
    ];
    renderPanel();
    await screen.findByRole('region', { name: 'Timeline' });
    expect(timeline()[2]).toBe(
      `Rejected${formatWhen('2025-03-09T09:00:00.000Z')}Edit dateNext step ended: phone screen · ${formatWhen(ended.at)}`,
    );
    expect(timeline()[1]).not.toContain('Next step ended');
    const next = part('Next step');
    expect(next).toHaveTextContent(
      'No next step: Rejected closes the application. Move it to another stage to plan one.',
    );
    expect(within(next).queryByRole('button', { name: 'Set next step' })).not.toBeInTheDocument();
  });

  it('offers to add a job that is not in the pipeline', async () => {
    store.items = [];
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('This job is not in the pipeline.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to pipeline' }));
    expect(store.writes).toEqual([{ method: 'POST', path: '/applications', body: { job_id: 7 } }]);
    await waitFor(() =>
      expect(part('Stage')).toHaveTextContent(`Saved since ${formatWhen(FAKE_NOW)}`),
    );
  });

  it('removes the application after the confirmation, then tells its opener', async () => {
    const user = userEvent.setup();
    const onClose = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Remove from pipeline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove from pipeline' });
    expect(dialog).toHaveTextContent(
      'Remove Job 7 from the pipeline? Its stage history, notes, contacts and next step are deleted; the job itself stays.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(store.writes).toEqual([{ method: 'DELETE', path: '/applications/7', body: null }]);
    expect(await screen.findByText('This job is not in the pipeline.')).toBeInTheDocument();
  });
});
