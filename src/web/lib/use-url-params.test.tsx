import { Suspense, use } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlParams } from './use-url-params';

// The screen's part that follows the URL and waits for its data (a list, a chart): it suspends on
// a promise the test settles, as a query would while the new answer is on its way.
let pending: { promise: Promise<void>; resolve: () => void } | null = null;
function waitForData(): Promise<void> {
  pending ??= (() => {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  })();
  return pending.promise;
}

function Results({ open }: { open: boolean }) {
  if (open) use(waitForData());
  return <p>{open ? 'open jobs only' : 'every job'}</p>;
}

// A click inside an awaited act(): the suspending transition it starts is then one act may wait on.
async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
    await Promise.resolve();
  });
}

function Screen() {
  const { committed, shown, set } = useUrlParams();
  const next = (on: boolean) => {
    const params = new URLSearchParams(shown);
    if (on) params.set('open', 'true');
    else params.delete('open');
    params.set('clicks', String(Number(shown.get('clicks') ?? 0) + 1));
    set(params);
  };
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={shown.get('open') === 'true'}
          onChange={(e) => next(e.target.checked)}
        />
        Open only
      </label>
      <output aria-label="clicks">{shown.get('clicks') ?? '0'}</output>
      <Suspense fallback={<p>loading</p>}>
        <Results open={committed.get('open') === 'true'} />
      </Suspense>
    </>
  );
}

/** The screen at /jobs with nothing pending; its Open only checkbox. */
function renderScreen(): HTMLElement {
  pending = null;
  render(
    <MemoryRouter initialEntries={['/jobs']}>
      <Screen />
    </MemoryRouter>,
  );
  return screen.getByRole('checkbox', { name: 'Open only' });
}

/** The list's data comes: the suspended transition may land. */
async function dataArrives(): Promise<void> {
  await act(async () => {
    pending?.resolve();
    await pending?.promise;
  });
}

describe('useUrlParams', () => {
  it('shows a change at once while the screen still waits for it, then follows the URL', async () => {
    const box = renderScreen();
    await click(box);
    // The location moved in a transition that is still suspended: the list shows what it showed
    // (no fallback), and the checkbox already shows the click.
    expect(box).toBeChecked();
    expect(screen.getByText('every job')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('status', { name: 'clicks' })).toHaveTextContent('1');

    await dataArrives();
    expect(await screen.findByText('open jobs only')).toBeInTheDocument();
    expect(box).toBeChecked();

    // Off again: nothing suspends, and the URL and the control agree.
    await click(box);
    expect(box).not.toBeChecked();
    expect(await screen.findByText('every job')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'clicks' })).toHaveTextContent('2');
  });

  it('builds a second quick change on the first, not on the URL the screen has not reached', async () => {
    const box = renderScreen();
    await click(box);
    await click(box);
    await click(box);
    expect(box).toBeChecked();
    expect(screen.getByRole('status', { name: 'clicks' })).toHaveTextContent('3');
    await dataArrives();
    expect(await screen.findByText('open jobs only')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'clicks' })).toHaveTextContent('3');
  });
});
