import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { settingsWriteSchema } from '../../../contract/settings';
import { Toaster } from '../../components/ui/toaster';
import { CookieParseStatus } from './components/cookie-parse-status';
import { SettingsPage } from './settings-page';
import { FIT_LLM_ANSWER } from './fit-llm/components/fit-llm-fixture';

const API = 'http://localhost:3000/api/v1';

// The Notifications card below the form (issue 11) loads its lists; these tests are about the
// form, so the card finds none (its own tests are in notifications/). Likewise the cookie
// check (issue 12, tested in components/cookie-check.test.tsx) finds nothing checked.
const server = setupServer(
  http.get(`${API}/settings/cookies/status`, () =>
    HttpResponse.json({ cookies: 'none', last_check: null }),
  ),
  http.get(`${API}/notifications/channels`, () => HttpResponse.json([])),
  http.get(`${API}/notifications/deliveries`, () => HttpResponse.json([])),
  http.get(`${API}/api-tokens`, () => HttpResponse.json([])),
  http.get(`${API}/pipeline/settings`, () =>
    HttpResponse.json({ no_answer_days: 30, reminder_lead: '1h' }),
  ),
  http.get(`${API}/calendar-feed`, () => HttpResponse.json({ feed: null })),
  http.get(`${API}/rechecks/settings`, () =>
    HttpResponse.json({ every_days: 3, budget: 150, watched: 0 }),
  ),
  http.get(`${API}/fit/llm/settings`, () => HttpResponse.json(FIT_LLM_ANSWER)),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  document.head.querySelector('meta[name="jobscout-site-name"]')?.remove();
});
afterAll(() => server.close());

function renderPage() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <Toaster>
        <SettingsPage />
      </Toaster>
    </QueryClientProvider>,
  );
}

interface Stored {
  cookies: string;
  script_time: string;
}

/** A settings endpoint that remembers what was saved, and records every call. */
function fakeServer(initial: Stored) {
  let stored = { ...initial };
  const calls = { get: 0, posts: [] as unknown[] };
  server.use(
    http.get(`${API}/settings`, () => {
      calls.get += 1;
      return HttpResponse.json(stored);
    }),
    http.post(`${API}/settings`, async ({ request }) => {
      const body = settingsWriteSchema.parse(await request.json());
      calls.posts.push(body);
      stored = { cookies: body.cookies, script_time: body.script_time };
      return HttpResponse.json(stored);
    }),
  );
  return calls;
}

const CURL = [
  "curl 'https://www.linkedin.com/voyager/api/me' \\",
  "  -H 'accept: application/json' \\",
  '  -b \'li_at=AQEDAT123; JSESSIONID="ajax:42";; lang=v=2&lang=en-us\' \\',
  "  -H 'csrf-token: ajax:42'",
].join('\n');
const EXTRACTED = 'li_at=AQEDAT123; JSESSIONID=ajax:42; lang=v=2&lang=en-us';

const textarea = () => screen.getByLabelText('LinkedIn Cookies');
const saveButton = () => screen.getByRole('button', { name: /^(Save Settings|Saving\.\.\.)$/ });
/** The status line is the live region among the textarea's descriptions. */
const statusLine = () => {
  const line = textarea()
    .getAttribute('aria-describedby')
    ?.split(' ')
    .map((part) => document.getElementById(part))
    .find((el) => el?.hasAttribute('aria-live'));
  if (!line) throw new Error('the textarea has no status line');
  return line;
};

async function replaceInput(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(textarea());
  await user.click(textarea());
  if (text) await user.paste(text);
}

describe('SettingsPage: layout', () => {
  it('shows the heading, the 8-row textarea with its placeholder, help text and instructions link', async () => {
    fakeServer({ cookies: '', script_time: '09:00' });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const field = await screen.findByLabelText('LinkedIn Cookies');
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('rows', '8');
    expect(field).toHaveAttribute(
      'placeholder',
      'Paste LinkedIn cookies OR full cURL command from Network tab...',
    );
    expect(
      screen.getByText('Paste LinkedIn cookies or cURL command from browser Network tab.'),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'How to retrieve cookies' });
    expect(link).toHaveAttribute('href', '/instructions.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeInTheDocument();
    // SPEC.md §2: no field for script_time on this screen.
    expect(screen.queryByDisplayValue('09:00')).not.toBeInTheDocument();
    expect(screen.queryByText(/script/i)).not.toBeInTheDocument();
  });

  it('links the API reference once, in the API tokens card, not under the last card (issue 30)', async () => {
    fakeServer({ cookies: '', script_time: '09:00' });
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    const [reference, ...others] = screen.getAllByRole('link', { name: 'API reference' });
    expect(others).toEqual([]);
    expect(screen.getByRole('region', { name: 'API tokens' })).toContainElement(reference ?? null);
  });

  it('names the site from the server-provided setting', async () => {
    const meta = document.createElement('meta');
    meta.name = 'jobscout-site-name';
    meta.content = 'ExampleNet';
    document.head.append(meta);
    fakeServer({ cookies: '', script_time: '09:00' });
    renderPage();
    const field = await screen.findByLabelText('ExampleNet Cookies');
    expect(field).toHaveAttribute(
      'placeholder',
      'Paste ExampleNet cookies OR full cURL command from Network tab...',
    );
    expect(
      screen.getByText('Paste ExampleNet cookies or cURL command from browser Network tab.'),
    ).toBeInTheDocument();
  });

  it('shows a spinner while loading, then the loaded cookies in the textarea', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(`${API}/settings`, async () => {
        await gate;
        return HttpResponse.json({ cookies: 'li_at=stored; lang=en', script_time: '07:15' });
      }),
    );
    const { container } = renderPage();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByLabelText('LinkedIn Cookies')).not.toBeInTheDocument();
    release();
    expect(await screen.findByLabelText('LinkedIn Cookies')).toHaveValue('li_at=stored; lang=en');
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });
});

describe('SettingsPage: the parse state line', () => {
  it('shows no message for plain cookies or empty input', async () => {
    fakeServer({ cookies: '', script_time: '09:00' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    expect(statusLine()).toHaveTextContent('');
    await replaceInput(user, 'li_at=abc; JSESSIONID="ajax:1"');
    expect(statusLine()).toHaveTextContent('');
    expect(screen.queryByText('Extracted Cookies:')).not.toBeInTheDocument();
  });

  it('reports extracted cookies from a cURL command and previews them', async () => {
    fakeServer({ cookies: '', script_time: '09:00' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    await replaceInput(user, CURL);
    expect(statusLine()).toHaveTextContent('Successfully extracted cookies from cURL command!');
    expect(screen.getByText('Extracted Cookies:')).toBeInTheDocument();
    expect(screen.getByText(EXTRACTED)).toBeInTheDocument();
    expect(textarea()).toHaveValue(CURL);
  });

  it('reports a cURL command without cookies, and keeps Save disabled', async () => {
    fakeServer({ cookies: 'li_at=old', script_time: '09:00' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    await replaceInput(user, "curl 'https://www.linkedin.com/' -b ''");
    expect(statusLine()).toHaveTextContent(
      'Could not extract cookies from cURL command. Please check the format.',
    );
    expect(textarea()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Extracted Cookies:')).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('goes back to no message when the command is replaced by plain cookies', async () => {
    fakeServer({ cookies: '', script_time: '09:00' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    await replaceInput(user, CURL);
    expect(statusLine()).toHaveTextContent('Successfully extracted cookies from cURL command!');
    await replaceInput(user, 'li_at=plain');
    expect(statusLine()).toHaveTextContent('');
    expect(screen.queryByText('Extracted Cookies:')).not.toBeInTheDocument();
  });

  it.each([
    ['none', ''],
    ['detected', 'Detected cURL command, parsing cookies...'],
    ['parsed', 'Successfully extracted cookies from cURL command!'],
    ['error', 'Could not extract cookies from cURL command. Please check the format.'],
  ] as const)('the status line reads its SPEC text in the %s state', (state, text) => {
    render(<CookieParseStatus id="status" state={state} />);
    const line = document.getElementById('status');
    expect(line).toHaveAttribute('aria-live', 'polite');
    expect(line?.textContent).toBe(text);
  });
});

describe('SettingsPage: saving', () => {
  it('keeps Save disabled while the trimmed input is empty', async () => {
    fakeServer({ cookies: '', script_time: '09:00' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    expect(saveButton()).toBeDisabled();
    await replaceInput(user, '   \n  ');
    expect(saveButton()).toBeDisabled();
    await user.type(textarea(), 'a=1');
    expect(saveButton()).toBeEnabled();
  });

  it('sends the trimmed cookies and the loaded script_time, reads "Saving..." while pending, then toasts and refetches', async () => {
    const calls = fakeServer({ cookies: '', script_time: '06:45' });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(
        `${API}/settings`,
        async () => {
          await gate;
          return undefined; // on to the fake server's handler
        },
        { once: true },
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    const getsBefore = calls.get;
    await replaceInput(user, '  li_at=abc; JSESSIONID="ajax:1"  \n');
    await user.click(saveButton());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved successfully!');
    expect(calls.posts).toEqual([
      { cookies: 'li_at=abc; JSESSIONID="ajax:1"', script_time: '06:45' },
    ]);
    await waitFor(() => expect(calls.get).toBeGreaterThan(getsBefore));
    expect(saveButton()).toHaveTextContent('Save Settings');
    expect(textarea()).toHaveValue('li_at=abc; JSESSIONID="ajax:1"');
  });

  it('sends the extracted cookies of a cURL command, and then shows what was stored', async () => {
    const calls = fakeServer({ cookies: '', script_time: '09:00' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    await replaceInput(user, CURL);
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved successfully!');
    expect(calls.posts).toEqual([{ cookies: EXTRACTED, script_time: '09:00' }]);
    expect(textarea()).toHaveValue(EXTRACTED);
    expect(statusLine()).toHaveTextContent('');
  });

  it('sends "09:00" when the settings could not be loaded', async () => {
    const posts: unknown[] = [];
    server.use(
      http.get(`${API}/settings`, () => HttpResponse.json({ error: 'down' }, { status: 500 })),
      http.post(`${API}/settings`, async ({ request }) => {
        const body = settingsWriteSchema.parse(await request.json());
        posts.push(body);
        return HttpResponse.json(body);
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    const field = await screen.findByLabelText('LinkedIn Cookies');
    expect(field).toHaveValue('');
    expect(warn).toHaveBeenCalled();
    await replaceInput(user, 'li_at=new');
    await user.click(saveButton());
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(posts).toEqual([{ cookies: 'li_at=new', script_time: '09:00' }]);
  });

  it('shows the failure text and keeps the input when the save fails', async () => {
    fakeServer({ cookies: '', script_time: '09:00' });
    server.use(
      http.post(`${API}/settings`, () => HttpResponse.json({ error: 'nope' }, { status: 500 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    await replaceInput(user, 'li_at=abc');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save settings. Please try again.',
    );
    expect(textarea()).toHaveValue('li_at=abc');
    expect(saveButton()).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the failure text when the network is down', async () => {
    fakeServer({ cookies: '', script_time: '09:00' });
    server.use(
      http.post(`${API}/settings`, async () => {
        await delay(10);
        return HttpResponse.error();
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('LinkedIn Cookies');
    await replaceInput(user, 'li_at=abc');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save settings. Please try again.',
    );
  });
});
