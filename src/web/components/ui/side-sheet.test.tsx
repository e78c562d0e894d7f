import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { SideSheet, SideSheetClose, SideSheetTitle } from './side-sheet';

/** A page with a button that opens the sheet, as the Jobs screen's rows do. */
function Page({ onClosed = () => {} }: { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the job
      </button>
      <SideSheet open={open} onClose={() => setOpen(false)} onClosed={onClosed}>
        <SideSheetTitle className="">Data Engineer</SideSheetTitle>
        <SideSheetClose />
        <button type="button">Save</button>
        <details>
          <summary>More</summary>
          <a href="https://example.com/hidden">Inside a closed disclosure</a>
        </details>
        <button type="button" onClick={() => setConfirming(true)}>
          Block company
        </button>
        <input
          aria-label="Note"
          onKeyDown={(event) => {
            // An edit under way takes the first Escape (the application panel's forms do).
            if (event.key === 'Escape') event.preventDefault();
          }}
        />
        {confirming
          ? createPortal(
              <div role="alertdialog" aria-label="Block?">
                <button type="button" onClick={() => setConfirming(false)}>
                  Confirm
                </button>
              </div>,
              document.body,
            )
          : null}
      </SideSheet>
    </>
  );
}

describe('SideSheet', () => {
  it('is a modal dialog named by its title that takes the focus, and hides and freezes the page', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open the job' }));

    const dialog = screen.getByRole('dialog', { name: 'Data Engineer' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    // The page behind: out of the accessibility tree, out of reach of focus and pointer.
    expect(container).toHaveAttribute('inert');
    expect(container).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('button', { name: 'Open the job' })).toBeNull();
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container).not.toHaveAttribute('inert');
    expect(container).not.toHaveAttribute('aria-hidden');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape and hands the focus back, but leaves an Escape taken inside to its taker', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn(() => screen.getByRole('button', { name: 'Open the job' }).focus());
    render(<Page onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open the job' }));

    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Open the job' })).toHaveFocus();
  });

  it('keeps Tab inside, both ways', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open the job' }));
    const note = screen.getByRole('textbox', { name: 'Note' });
    note.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(note).toHaveFocus();
  });

  it('closes on a click on the backdrop, not on one in the sheet', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open the job' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const backdrop = document.querySelector('[data-side-sheet] > [aria-hidden="true"]');
    expect(backdrop).not.toBeNull();
    if (backdrop instanceof HTMLElement) await user.click(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves what opens from inside it (a confirmation) in reach', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open the job' }));
    await user.click(screen.getByRole('button', { name: 'Block company' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Block?' });
    expect(confirm.closest('[inert]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('keeps the focus in the sheet when the focused element gives way (the loading header)', async () => {
    function Loading() {
      const [loaded, setLoaded] = useState(false);
      return (
        <SideSheet open onClose={() => {}} onClosed={() => {}}>
          <SideSheetTitle className="">{loaded ? 'Data Engineer' : 'Loading job…'}</SideSheetTitle>
          {loaded ? (
            <p>Loaded</p>
          ) : (
            <button type="button" onClick={() => setLoaded(true)}>
              Load
            </button>
          )}
        </SideSheet>
      );
    }
    const user = userEvent.setup();
    render(<Loading />);
    expect(screen.getByRole('button', { name: 'Load' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Load' }));
    await screen.findByText('Loaded');
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveFocus());
  });
});
