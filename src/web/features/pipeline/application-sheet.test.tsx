import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  anApplication,
  daysAgo,
  daysAhead,
  fakePipelineServer,
  location,
  renderPipeline,
} from './testing';

// Issue 39: the application panel in the Pipeline's side sheet. It is padded as the Jobs panel
// pads it (one layout in both places), it shows the job itself (the posting, its panel on Jobs,
// its description on demand), and Escape in an edit form cancels that edit before it closes the
// sheet.

const { api } = fakePipelineServer(() => [
  anApplication(12, {
    title: 'BI Developer',
    company_name: 'Globex',
    url: 'https://www.linkedin.com/jobs/view/12',
    stage: 'screening',
    stage_since: daysAgo(3),
    next_step: { at: daysAhead(2), what: 'Phone screen' },
  }),
]);

const SLOW = { timeout: 5000 };

async function openSheet() {
  renderPipeline('/pipeline?job=12');
  const sheet = await screen.findByRole('dialog', { name: 'BI Developer' }, SLOW);
  await within(sheet).findByRole('list', { name: 'Timeline' }, SLOW);
  return sheet;
}

describe('the side sheet', () => {
  it('pads the panel as the Jobs panel does, its timeline inside the panel’s own box', async () => {
    const sheet = await openSheet();
    const body = sheet.querySelector('[data-sheet-body]');
    expect(body).toHaveClass('overflow-y-auto', 'px-6', 'py-5');
    // Every part of the panel is inside the padded body, not beside it.
    for (const name of ['Job', 'Stage', 'Timeline', 'Next step', 'Notes', 'Contacts'])
      expect(body).toContainElement(within(sheet).getByRole('region', { name }));
    // The line's bullets hang 5 px left of the list: its margin keeps them in the panel.
    expect(within(sheet).getByRole('list', { name: 'Timeline' })).toHaveClass('ml-1.5');
  });

  it('links the posting and the job’s panel on Jobs, and loads the description when shown', async () => {
    const user = userEvent.setup();
    const sheet = await openSheet();
    const job = within(sheet).getByRole('region', { name: 'Job' });
    const posting = within(job).getByRole('link', { name: 'Open the posting on LinkedIn' });
    expect(posting).toHaveAttribute('href', 'https://www.linkedin.com/jobs/view/12');
    expect(posting).toHaveAttribute('target', '_blank');
    expect(posting).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(job).getByRole('link', { name: 'Open in Jobs' })).toHaveAttribute(
      'href',
      '/jobs?job=12',
    );

    // Collapsed, and not asked for.
    const toggle = within(job).getByRole('button', { name: 'Description' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(job).not.toHaveTextContent('dashboards');
    expect(api.jobReads).toEqual([]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(job).findByText('dashboards')).toBeInTheDocument();
    expect(job).toHaveTextContent('Build dashboards for the risk team.');
    expect(api.jobReads).toEqual([12]);
    await user.click(toggle);
    expect(job).not.toHaveTextContent('dashboards');
    await user.click(toggle);
    expect(await within(job).findByText('dashboards')).toBeInTheDocument();
    expect(api.jobReads).toEqual([12]);
  });

  it.each([
    ['the next step', 'Edit next step', 'Edit next step'],
    ['the notes', 'Edit notes', 'Edit notes'],
    ['the details', 'Edit details', 'Edit details'],
    ['a new contact', 'Add contact', 'New contact'],
    ['a date', /^Edit date of Screening/, 'Edit date of Screening'],
  ])(
    'Escape in %s cancels the edit and keeps the sheet open; a second Escape closes it',
    async (_what, opener, form) => {
      const user = userEvent.setup();
      const sheet = await openSheet();
      const button = within(sheet).getByRole('button', { name: opener });
      await user.click(button);
      const editing = within(sheet).getByRole('form', { name: form });
      expect(editing.contains(document.activeElement)).toBe(true);
      await user.keyboard('x{Escape}');
      expect(within(sheet).queryByRole('form', { name: form })).not.toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'BI Developer' })).toBeInTheDocument();
      expect(location()).toBe('/pipeline?job=12');
      // The focus is back on the button that opened the form, and nothing was sent.
      expect(within(sheet).getByRole('button', { name: opener })).toHaveFocus();
      expect(api.moves).toEqual([]);

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(location()).toBe('/pipeline');
    },
  );
});
