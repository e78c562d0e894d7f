import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { LocationProbe } from '../test/render';
import { SiteHeader } from './site-header';

const LINKS = [
  { to: '/query-runs', label: 'Query Runs' },
  { to: '/batches', label: 'Batches' },
] as const;

function renderHeader(onSignOut = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/query-runs']}>
      <SiteHeader links={LINKS} onSignOut={onSignOut} />
      <LocationProbe />
    </MemoryRouter>,
  );
  const menu = screen.getByRole('button', { name: 'Menu' });
  const panelId = menu.getAttribute('aria-controls');
  const panel = panelId ? document.getElementById(panelId) : null;
  if (!panel) throw new Error('the menu button controls no panel');
  return { menu, panel, onSignOut };
}

describe('SiteHeader menu (phone widths)', () => {
  it('is a collapsed disclosure holding the links and Sign Out', async () => {
    const user = userEvent.setup();
    const { menu, panel, onSignOut } = renderHeader();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveAttribute('data-open', 'false');
    expect(panel).toContainElement(screen.getByRole('navigation', { name: 'Main' }));

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');
    // Tab order runs from the button into the links.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Query Runs' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('closes on Escape and gives the focus back to the menu button', async () => {
    const user = userEvent.setup();
    const { menu } = renderHeader();
    await user.click(menu);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Query Runs' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('closes when a link is followed, with the focus on the menu button', async () => {
    const user = userEvent.setup();
    const { menu } = renderHeader();
    await user.click(menu);
    await user.click(screen.getByRole('link', { name: 'Batches' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/batches');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('closes on a click outside the header', async () => {
    const user = userEvent.setup();
    const { menu } = renderHeader();
    await user.click(menu);
    await user.click(screen.getByTestId('location'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('holds the theme toggle beside the menu button', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: 'Dark mode' })).toBeInTheDocument();
  });
});
