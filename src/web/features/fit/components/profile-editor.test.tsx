import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIT_CV_UPLOAD_MAX_BYTES } from '../../../../contract/fit';
import { aProfile, emptyFitApi, fakeFitApi, renderFit, type FakeFitApi } from '../testing';

const api: FakeFitApi = emptyFitApi();
const server = setupServer(...fakeFitApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => Object.assign(api, emptyFitApi()));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const LAZY = { timeout: 5000 };
const location = () => screen.getByTestId('location').textContent ?? '';

async function openForm(url = '/jobs/fit?edit=new') {
  const user = userEvent.setup();
  renderFit(url);
  const form = await screen.findByRole('region', { name: /New profile|Edit / }, LAZY);
  return { user, form };
}

const textbox = (form: HTMLElement, name: string) => within(form).getByRole('textbox', { name });
const list = (form: HTMLElement, name: string) =>
  within(within(form).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('ProfileEditor: every field', () => {
  it('makes a profile from every field, sent as the contract has it', async () => {
    const { user, form } = await openForm();
    // Pasted: typing every letter is slow on a loaded machine, and the chips below are typed.
    await user.click(textbox(form, 'Name'));
    await user.paste('  Backend — Köln 数据  ');
    await user.click(textbox(form, 'CV or summary'));
    await user.paste('Seven years of Go and Kubernetes.');
    // Enter, a comma and the Add button each add an entry.
    await user.type(textbox(form, 'Must-have skills'), 'Go{Enter}Kubernetes,');
    await user.type(textbox(form, 'Must-have skills'), 'PostgreSQL');
    await user.click(within(form).getByRole('button', { name: 'Add a must-have skill' }));
    await user.type(textbox(form, 'Plus skills'), 'Terraform{Enter}');
    await user.type(textbox(form, 'Dealbreakers'), 'security clearance{Enter}');
    const seniority = within(form).getByRole('group', { name: 'Seniority' });
    await user.click(within(seniority).getByRole('checkbox', { name: 'Mid-Senior' }));
    await user.click(within(seniority).getByRole('checkbox', { name: 'Associate' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Years of experience' }), '7');
    const languages = within(form).getByRole('group', { name: 'Languages you speak' });
    await user.click(within(languages).getByRole('checkbox', { name: 'German' }));
    await user.click(within(languages).getByRole('checkbox', { name: 'English' }));
    await user.click(
      within(within(form).getByRole('group', { name: 'Workplace' })).getByRole('checkbox', {
        name: 'Remote',
      }),
    );
    await user.type(within(form).getByRole('combobox', { name: 'Places' }), 'Berl');
    await user.click(await screen.findByRole('option', { name: 'Berlin, Germany' }));
    const floor = within(form).getByRole('group', { name: 'Salary floor' });
    await user.type(within(floor).getByRole('textbox', { name: 'Amount' }), '70000');
    await user.clear(within(floor).getByRole('combobox', { name: 'Currency' }));
    await user.type(within(floor).getByRole('combobox', { name: 'Currency' }), 'chf');
    await user.selectOptions(within(floor).getByRole('combobox', { name: 'Period' }), 'per month');
    expect(list(form, 'Must-have skills')).toEqual(['Go', 'Kubernetes', 'PostgreSQL']);
    expect(list(form, 'Places')).toEqual(['Berlin, Germany']);

    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved: Backend — Köln 数据')).toBeInTheDocument();
    expect(api.writes).toEqual([
      {
        method: 'POST',
        path: '/fit-profiles',
        body: {
          name: 'Backend — Köln 数据',
          cv_text: 'Seven years of Go and Kubernetes.',
          must_skills: ['Go', 'Kubernetes', 'PostgreSQL'],
          plus_skills: ['Terraform'],
          dealbreakers: ['security clearance'],
          // In the site's order, whatever the order they were ticked in.
          seniority: ['associate', 'mid_senior'],
          years_experience: 7,
          languages: ['de', 'en'],
          workplaces: ['remote'],
          places: [{ id: '103035651', display_name: 'Berlin, Germany' }],
          salary_floor: { amount: 70000, currency: 'CHF', period: 'month' },
        },
      },
    ]);
    await waitFor(() => expect(location()).toBe('/jobs/fit'));
    expect(
      await within(await screen.findByRole('list', { name: 'Profiles' })).findByRole('listitem', {
        name: 'Backend — Köln 数据',
      }),
    ).toHaveTextContent('Default');
  }, 30_000);

  it('says what a job without a salary gets, beside the salary floor', async () => {
    const { form } = await openForm();
    expect(within(form).getByRole('group', { name: 'Salary floor' })).toHaveAccessibleDescription(
      /A job that shows no salary, or pays in another currency, counts as unknown: it gets half of the salary part’s points/,
    );
  });

  it('edits a profile with every field filled in, and sends every field back', async () => {
    api.profiles = [
      aProfile(4, {
        name: 'Data',
        is_default: true,
        cv_text: 'SQL all day.',
        must_skills: ['SQL'],
        plus_skills: ['dbt'],
        dealbreakers: ['on-call'],
        seniority: ['entry_level'],
        years_experience: 2.5,
        languages: ['fr'],
        workplaces: ['hybrid', 'on-site'],
        places: [{ id: '101282230', display_name: 'Germany' }],
        salary_floor: { amount: 45, currency: 'EUR', period: 'hour' },
      }),
    ];
    const { user, form } = await openForm('/jobs/fit?edit=4');
    expect(within(form).getByRole('heading', { name: 'Edit Data' })).toBeInTheDocument();
    expect(textbox(form, 'Name')).toHaveValue('Data');
    expect(textbox(form, 'CV or summary')).toHaveValue('SQL all day.');
    expect(within(form).getByRole('spinbutton', { name: 'Years of experience' })).toHaveValue(2.5);
    expect(within(form).getByRole('checkbox', { name: 'French' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'On-site' })).toBeChecked();
    expect(list(form, 'Places')).toEqual(['Germany']);
    await user.click(within(form).getByRole('button', { name: 'Remove dbt' }));
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile saved: Data');
    expect(api.writes).toEqual([
      {
        method: 'PUT',
        path: '/fit-profiles/4',
        body: {
          name: 'Data',
          cv_text: 'SQL all day.',
          must_skills: ['SQL'],
          plus_skills: [],
          dealbreakers: ['on-call'],
          seniority: ['entry_level'],
          years_experience: 2.5,
          languages: ['fr'],
          workplaces: ['hybrid', 'on-site'],
          places: [{ id: '101282230', display_name: 'Germany' }],
          salary_floor: { amount: 45, currency: 'EUR', period: 'hour' },
        },
      },
    ]);
  });

  it('Cancel leaves without writing', async () => {
    const { user, form } = await openForm();
    await user.type(textbox(form, 'Name'), 'Backend');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/jobs/fit'));
    expect(api.writes).toEqual([]);
  });
});

describe('ProfileEditor: errors beside their fields', () => {
  it('checks the form with the contract before sending anything', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByRole('spinbutton', { name: 'Years of experience' }), '61');
    const floor = within(form).getByRole('group', { name: 'Salary floor' });
    await user.type(within(floor).getByRole('textbox', { name: 'Amount' }), '50000');
    await user.clear(within(floor).getByRole('combobox', { name: 'Currency' }));
    await user.type(within(floor).getByRole('combobox', { name: 'Currency' }), 'E');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(textbox(form, 'Name')).toHaveAccessibleDescription('Name is required');
    expect(textbox(form, 'Name')).toBeInvalid();
    expect(
      within(form).getByRole('spinbutton', { name: 'Years of experience' }),
    ).toHaveAccessibleDescription(
      /years_experience must be at most 60|Years of experience must be at most 60/,
    );
    expect(floor).toHaveAccessibleDescription(
      /The salary floor's currency must be a 3-letter currency code/,
    );
    expect(api.writes).toEqual([]);
    // Typing in a field takes its error away.
    await user.type(textbox(form, 'Name'), 'B');
    expect(textbox(form, 'Name')).not.toHaveAccessibleDescription('Name is required');
  });

  it('puts the server’s error beside the field it names', async () => {
    const { user, form } = await openForm();
    api.failWrite['/fit-profiles'] = {
      status: 400,
      error: 'each entry of dealbreakers must be at most 100 characters',
    };
    await user.type(textbox(form, 'Name'), 'Backend');
    await user.type(textbox(form, 'Dealbreakers'), 'clearance{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(textbox(form, 'Dealbreakers')).toHaveAccessibleDescription(
        /Each entry of Dealbreakers must be at most 100 characters/,
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(location()).toBe('/jobs/fit?edit=new');
  });

  it('says an error naming no field above the form (the limit of profiles)', async () => {
    const { user, form } = await openForm();
    api.failWrite['/fit-profiles'] = { status: 409, error: 'At most 10 fit profiles' };
    await user.type(textbox(form, 'Name'), 'Eleventh');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Could not save the profile: At most 10 fit profiles',
    );
  });
});

describe('ProfileEditor: chips by keyboard', () => {
  it('adds with Enter and commas, refuses a repeat, removes by its button and keeps the focus', async () => {
    const { user, form } = await openForm();
    const input = textbox(form, 'Plus skills');
    await user.click(input);
    await user.keyboard('Docker{Enter}');
    // A pasted list is split at its commas.
    await user.paste('Redis, Rust ,Java');
    expect(list(form, 'Plus skills')).toEqual(['Docker', 'Redis', 'Rust', 'Java']);
    await user.keyboard('docker{Enter}');
    expect(await within(form).findByText('docker is already there')).toBeInTheDocument();
    expect(list(form, 'Plus skills')).toHaveLength(4);
    // Enter in the field adds; it does not send the form.
    expect(api.writes).toEqual([]);
    await user.tab({ shift: true });
    expect(within(form).getByRole('button', { name: 'Remove Java' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(list(form, 'Plus skills')).toEqual(['Docker', 'Redis', 'Rust']);
    expect(input).toHaveFocus();
    expect(within(form).getByText('Removed Java')).toBeInTheDocument();
  });
});

describe('ProfileEditor: the CV', () => {
  const pdf = (name = 'cv.pdf', body = '%PDF-1.7 cv') =>
    new File([body], name, { type: 'application/pdf' });

  it('reads an uploaded file, fills the text and offers the skills found', async () => {
    api.cvText = () => ({
      text: 'Ada Lovelace\nKubernetes, Go and Terraform for seven years.',
      skills: ['Kubernetes', 'Go', 'Terraform'],
    });
    const { user, form } = await openForm();
    await user.type(textbox(form, 'Plus skills'), 'Go{Enter}');
    await user.upload(within(form).getByLabelText('CV file'), pdf());
    await waitFor(() =>
      expect(textbox(form, 'CV or summary')).toHaveValue(
        'Ada Lovelace\nKubernetes, Go and Terraform for seven years.',
      ),
    );
    expect(api.writes).toEqual([
      {
        method: 'POST',
        path: '/fit-profiles/cv-text?name=cv.pdf',
        body: '%PDF-1.7 cv',
        type: 'application/pdf',
      },
    ]);
    // Go is a plus skill already: only the others are offered.
    expect(list(form, 'Skills found in the CV')).toEqual([
      expect.stringContaining('Kubernetes'),
      expect.stringContaining('Terraform'),
    ]);
    await user.click(
      within(form).getByRole('button', { name: 'Add Kubernetes as a must-have skill' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Add Terraform as a plus skill' }));
    expect(list(form, 'Must-have skills')).toEqual(['Kubernetes']);
    expect(list(form, 'Plus skills')).toEqual(['Go', 'Terraform']);
    expect(within(form).queryByRole('list', { name: 'Skills found in the CV' })).toBeNull();
    // Nothing was saved by reading the file or taking its skills.
    expect(api.writes.map((w) => w.method)).toEqual(['POST']);
  });

  it('says a file too big before sending it', async () => {
    const { user, form } = await openForm();
    const big = new File(['x'], 'cv.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: FIT_CV_UPLOAD_MAX_BYTES + 1 });
    await user.upload(within(form).getByLabelText('CV file'), big);
    expect(textbox(form, 'CV or summary')).toHaveAccessibleDescription(
      /The file is larger than 10 MB: upload the CV as a smaller file, or paste its text\./,
    );
    expect(api.writes).toEqual([]);
  });

  for (const [status, error] of [
    [413, 'The file is larger than 10 MB: upload the CV as a smaller file, or paste its text.'],
    [415, 'The CV must be a .txt, .pdf or .docx file; cv.pdf is not.'],
    [422, 'The PDF is protected by a password: save it without one, or paste the CV’s text.'],
    [422, 'The PDF has no text to read (a scanned image?): paste the CV’s text instead.'],
    [422, 'The PDF could not be read (it may be damaged): save it again, or paste the CV’s text.'],
  ] as const) {
    it(`shows the server’s ${status} beside the CV: ${error.slice(0, 30)}…`, async () => {
      api.cvText = () => ({ status, error });
      const { user, form } = await openForm();
      await user.type(textbox(form, 'CV or summary'), 'Kept as it was.');
      await user.upload(within(form).getByLabelText('CV file'), pdf());
      await waitFor(() =>
        expect(textbox(form, 'CV or summary')).toHaveAccessibleDescription(
          expect.stringContaining(`Could not read cv.pdf: ${error}`),
        ),
      );
      expect(textbox(form, 'CV or summary')).toHaveValue('Kept as it was.');
      expect(within(form).queryByRole('list', { name: 'Skills found in the CV' })).toBeNull();
    });
  }
});
