import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUGGESTION_CLOSE_DELAY_MS, TYPEAHEAD_DEBOUNCE_MS } from '../../../contract/constants';
import { LocationTypeahead } from './location-typeahead';

const API = 'http://localhost:3000/api/v1';

/** A promise the test resolves when it wants a pending lookup to finish. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const PLACES: Record<string, Array<{ id: string | number; displayName: string }>> = {
  ber: [
    { id: '103035651', displayName: 'Berlin, Germany' },
    { id: 90009712, displayName: 'Bern, Switzerland' },
    { id: '105646813', displayName: 'Bergen, Norway' },
  ],
  berl: [{ id: '103035651', displayName: 'Berlin, Germany' }],
};

const lookups: string[] = [];
const server = setupServer(
  http.get(`${API}/locations/typeahead`, ({ request }) => {
    const query = new URL(request.url).searchParams.get('query') ?? '';
    lookups.push(query);
    return HttpResponse.json(PLACES[query.trim().toLowerCase()] ?? []);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  lookups.length = 0;
  onSubmit.mockClear();
});
afterAll(() => server.close());

const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());

/** A parent like the query form: it keeps the text and the picked id. */
function Harness() {
  const [text, setText] = useState('');
  const [id, setId] = useState<string | null>(null);
  return (
    <form onSubmit={onSubmit}>
      <label htmlFor="loc">Location</label>
      <LocationTypeahead
        id="loc"
        value={text}
        placeholder="e.g., San Francisco, CA or Remote"
        onTextChange={(t) => {
          setText(t);
          setId(null);
        }}
        onSelect={(s) => {
          setText(s.displayName);
          setId(s.id);
        }}
      />
      <output aria-label="picked id">{id ?? 'none'}</output>
      <button type="submit">Save</button>
    </form>
  );
}

function setup() {
  const user = userEvent.setup();
  render(<Harness />);
  const input = screen.getByRole('combobox', { name: 'Location' });
  return { user, input };
}

const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('LocationTypeahead', () => {
  it('is a combobox with the placeholder of SPEC.md, closed at first', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('placeholder', 'e.g., San Francisco, CA or Remote');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
  });

  it(`waits ${TYPEAHEAD_DEBOUNCE_MS} ms after the last keystroke and then looks up once`, async () => {
    const { user, input } = setup();
    await user.type(input, 'Berl');
    await sleep(TYPEAHEAD_DEBOUNCE_MS - 100);
    expect(lookups).toEqual([]);
    expect(await screen.findByRole('option', { name: 'Berlin, Germany' })).toBeInTheDocument();
    expect(lookups).toEqual(['Berl']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('never looks up blank text', async () => {
    const { user, input } = setup();
    await user.type(input, '   ');
    await sleep(TYPEAHEAD_DEBOUNCE_MS + 100);
    expect(lookups).toEqual([]);
    expect(screen.queryByText('No locations found')).not.toBeInTheDocument();
  });

  it('shows "Loading locations..." while the lookup is in progress', async () => {
    const gate = deferred();
    server.use(
      http.get(`${API}/locations/typeahead`, async () => {
        await gate.promise;
        return HttpResponse.json(PLACES.ber);
      }),
    );
    const { user, input } = setup();
    await user.type(input, 'Ber');
    expect(await screen.findByText('Loading locations...')).toBeInTheDocument();
    gate.resolve();
    expect(await screen.findByRole('option', { name: 'Bern, Switzerland' })).toBeInTheDocument();
    expect(screen.queryByText('Loading locations...')).not.toBeInTheDocument();
  });

  it('shows "No locations found" when the lookup returns nothing', async () => {
    const { user, input } = setup();
    await user.type(input, 'Atlantis');
    expect(await screen.findByText('No locations found')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('leaves the list empty and silent when the lookup fails, logging a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.get(`${API}/locations/typeahead`, () =>
        HttpResponse.json({ error: 'down' }, { status: 502 }),
      ),
    );
    const { user, input } = setup();
    await user.type(input, 'Ber');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText('Loading locations...')).not.toBeInTheDocument();
    expect(screen.queryByText('No locations found')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    warn.mockRestore();
  });

  it('moves the highlight with the arrows, wrapping, and Enter picks without submitting the form', async () => {
    const { user, input } = setup();
    await user.type(input, 'Ber');
    await screen.findByRole('option', { name: 'Berlin, Germany' });
    const options = screen.getAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);

    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Bern, Switzerland');
    // A numeric id from the server still arrives as text (SPEC.md §3).
    expect(screen.getByRole('status', { name: 'picked id' })).toHaveTextContent('90009712');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('picks a place with the mouse', async () => {
    const { user, input } = setup();
    await user.type(input, 'Ber');
    await user.click(await screen.findByRole('option', { name: 'Bergen, Norway' }));
    expect(input).toHaveValue('Bergen, Norway');
    expect(screen.getByRole('status', { name: 'picked id' })).toHaveTextContent('105646813');
    // Picking is not typing: no new lookup follows.
    await sleep(TYPEAHEAD_DEBOUNCE_MS + 100);
    expect(lookups).toEqual(['Ber']);
  });

  it('forgets the picked id as soon as the text is typed over', async () => {
    const { user, input } = setup();
    await user.type(input, 'Berl');
    await user.click(await screen.findByRole('option', { name: 'Berlin, Germany' }));
    expect(screen.getByRole('status', { name: 'picked id' })).toHaveTextContent('103035651');
    await user.type(input, 'x');
    expect(input).toHaveValue('Berlin, Germanyx');
    expect(screen.getByRole('status', { name: 'picked id' })).toHaveTextContent('none');
  });

  it('closes the list with Escape', async () => {
    const { user, input } = setup();
    await user.type(input, 'Ber');
    await screen.findByRole('option', { name: 'Berlin, Germany' });
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Ber');
  });

  it(`closes the list ${SUGGESTION_CLOSE_DELAY_MS} ms after the field loses focus`, async () => {
    const { user, input } = setup();
    await user.type(input, 'Ber');
    await screen.findByRole('option', { name: 'Berlin, Germany' });
    await user.tab();
    expect(input).not.toHaveFocus();
    // Still open right after the blur, so a click on a suggestion can land.
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await sleep(SUGGESTION_CLOSE_DELAY_MS / 2);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
  });

  it('drops an answer that arrives after a newer lookup started', async () => {
    const slow = deferred();
    server.use(
      http.get(`${API}/locations/typeahead`, async ({ request }) => {
        const query = new URL(request.url).searchParams.get('query') ?? '';
        lookups.push(query);
        if (query === 'Ber') await slow.promise;
        return HttpResponse.json(PLACES[query.toLowerCase()] ?? []);
      }),
    );
    const { user, input } = setup();
    await user.type(input, 'Ber');
    await screen.findByText('Loading locations...');
    await user.type(input, 'l');
    expect(await screen.findByRole('option', { name: 'Berlin, Germany' })).toBeInTheDocument();
    slow.resolve();
    await sleep(50);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Berlin, Germany']);
    expect(lookups).toEqual(['Ber', 'Berl']);
  });

  it('clears and closes the list when the text is erased', async () => {
    const { user, input } = setup();
    await user.type(input, 'Ber');
    await screen.findByRole('option', { name: 'Berlin, Germany' });
    await user.clear(input);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await sleep(TYPEAHEAD_DEBOUNCE_MS + 100);
    expect(lookups).toEqual(['Ber']);
  });
});
