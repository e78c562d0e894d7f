import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthProvider } from '../lib/auth/auth-context';
import { AppLayout } from './layout';

function renderShell() {
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={['/screen']}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route
              path="/screen"
              element={<button type="button">The screen's first control</button>}
            />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

describe('AppLayout: the skip link (issue 30)', () => {
  it('is the first stop, and takes the focus past the header to the screen', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // No #fragment: the router's location is left alone.
    expect(window.location.hash).toBe('');
    // The next Tab goes on from the screen's start, not from the header.
    await user.tab();
    expect(screen.getByRole('button', { name: "The screen's first control" })).toHaveFocus();
  });
});
