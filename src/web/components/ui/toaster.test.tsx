import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, TOAST_WITH_ACTION_MS, useToast, type ShowToast } from './toaster';

// The toasts (DESIGN.md: role "status"), and issue 39's action in one: the Pipeline's Undo.

const grabbed: { show: ShowToast } = { show: () => () => undefined };
function Grab() {
  const show = useToast();
  useEffect(() => {
    grabbed.show = show;
  }, [show]);
  return null;
}
const show: ShowToast = (message, options) => grabbed.show(message, options);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  render(
    <Toaster>
      <Grab />
    </Toaster>,
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

describe('Toaster', () => {
  it('shows a message for four seconds', () => {
    act(() => void show('Saved'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(3_999));
    expect(screen.queryByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('runs an action once and goes; one with an action waits longer, and not while focused', async () => {
    const onAction = vi.fn();
    act(() => void show('Moved', { action: { label: 'Undo', onAction } }));
    act(() => vi.advanceTimersByTime(5_000));
    const undo = screen.getByRole('button', { name: 'Undo' });
    // The keyboard reached it: it stays while it has the focus.
    act(() => undo.focus());
    act(() => vi.advanceTimersByTime(TOAST_WITH_ACTION_MS * 2));
    expect(screen.getByRole('status')).toHaveTextContent('Moved');
    await user().keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('goes after its time when left alone, and when dismissed by its caller', () => {
    act(() => void show('Moved', { action: { label: 'Undo', onAction: vi.fn() } }));
    act(() => vi.advanceTimersByTime(TOAST_WITH_ACTION_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    let dismiss: () => void = () => undefined;
    act(() => {
      dismiss = show('Another');
    });
    act(() => dismiss());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
