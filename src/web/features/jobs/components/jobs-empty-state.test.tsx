import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NoJobsYet } from './jobs-empty-state';

describe('NoJobsYet', () => {
  it('underlines its links to Queries and Batches, which sit in a line of text', () => {
    render(
      <MemoryRouter>
        <NoJobsYet />
      </MemoryRouter>,
    );
    for (const name of ['Queries', 'Batches']) {
      // Always, not on hover only: "hover:underline" alone left them marked by colour.
      expect(screen.getByRole('link', { name }).className.split(/\s+/)).toContain('underline');
    }
  });
});
