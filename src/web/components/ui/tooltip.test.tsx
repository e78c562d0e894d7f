import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip';

const TEXT = 'Query limit reached (50 max)';

function renderTooltip(content: string | null = TEXT) {
  render(
    <>
      <button type="button">Before</button>
      <Tooltip content={content}>
        <button type="button" disabled>
          New Query
        </button>
      </Tooltip>
    </>,
  );
  const button = screen.getByRole('button', { name: 'New Query' });
  const trigger = button.parentElement;
  if (!trigger) throw new Error('no wrapper');
  return { button, trigger };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Tooltip', () => {
  // Hover is driven by fireEvent: user-event and Testing Library wait on setTimeout between steps,
  // which never fires under fully fake timers. React derives mouseenter/leave from over/out.
  it('shows on hover only after the delay, and hides on leave', () => {
    vi.useFakeTimers();
    const { trigger } = renderTooltip();

    fireEvent.mouseOver(trigger);
    act(() => vi.advanceTimersByTime(149));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).not.toHaveAttribute('aria-describedby');

    act(() => vi.advanceTimersByTime(1));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent(TEXT);
    expect(trigger).toHaveAttribute('aria-describedby', tooltip.id);

    fireEvent.mouseOut(trigger, { relatedTarget: document.body });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).not.toHaveAttribute('aria-describedby');
  });

  it('does not show when the pointer leaves before the delay', () => {
    vi.useFakeTimers();
    const { trigger } = renderTooltip();

    fireEvent.mouseOver(trigger);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.mouseOut(trigger, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on hover with real user events too, and hides on Escape', async () => {
    const user = userEvent.setup();
    const { trigger } = renderTooltip();

    await user.hover(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TEXT);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows at once on keyboard focus, hides on blur and on Escape', async () => {
    const user = userEvent.setup();
    const { trigger } = renderTooltip();

    await user.tab(); // Before
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab(); // the wrapper: the disabled button itself can't take focus
    expect(trigger).toHaveFocus();
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent(TEXT);
    expect(trigger).toHaveAttribute('aria-describedby', tooltip.id);
    expect(trigger).toHaveAccessibleDescription(TEXT);

    await user.tab({ shift: true });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).not.toHaveAttribute('aria-describedby');

    await user.tab();
    expect(screen.getByRole('tooltip')).toHaveTextContent(TEXT);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('adds no native title tooltip', () => {
    const { trigger, button } = renderTooltip();
    expect(trigger).not.toHaveAttribute('title');
    expect(button).not.toHaveAttribute('title');
  });

  it('renders the child alone when content is null', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Tooltip content={null}>
        <button type="button">New Query</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'New Query' });
    expect(container.firstElementChild).toBe(button);
    expect(container.children).toHaveLength(1);

    await user.hover(button);
    await user.tab();
    expect(button).toHaveFocus();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
