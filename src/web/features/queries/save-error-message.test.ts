import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { saveErrorMessage } from './save-error-message';

const httpError = (body: Record<string, unknown> | null, status = 400) =>
  new ApiError(
    'http',
    typeof body?.error === 'string' ? body.error : `Request failed with status ${status}`,
    status,
    body,
  );

describe('saveErrorMessage (SPEC.md §8, first matching rule)', () => {
  it('names the counts when the error carries current_count and max_allowed, even with error text', () => {
    expect(
      saveErrorMessage(
        httpError(
          { error: 'Maximum query limit reached', current_count: 50, max_allowed: 50 },
          409,
        ),
      ),
    ).toBe('Maximum query limit reached. You have 50 queries out of 50 allowed.');
  });

  it('needs both counts for the limit message', () => {
    expect(saveErrorMessage(httpError({ error: 'Too many', current_count: 50 }, 409))).toBe(
      'Too many',
    );
  });

  it('shows the error text otherwise', () => {
    expect(
      saveErrorMessage(httpError({ error: 'Please select a location from the dropdown' })),
    ).toBe('Please select a location from the dropdown');
  });

  it('falls back when there is no error text', () => {
    expect(saveErrorMessage(httpError(null, 500))).toBe('Failed to save query. Please try again.');
    expect(saveErrorMessage(httpError({ message: 'no error field' }))).toBe(
      'Failed to save query. Please try again.',
    );
    expect(saveErrorMessage(new ApiError('network', 'Network error'))).toBe(
      'Failed to save query. Please try again.',
    );
    expect(saveErrorMessage(new Error('boom'))).toBe('Failed to save query. Please try again.');
  });

  it.each([
    ['a string', 'oops'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
  ])('shows the unexpected-error text for %s', (_label, value) => {
    expect(saveErrorMessage(value)).toBe('An unexpected error occurred. Please try again.');
  });
});
