import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiReferenceLine } from './api-reference-line';

describe('ApiReferenceLine', () => {
  it('links the API reference and the OpenAPI document on the API origin, in a new tab', () => {
    render(<ApiReferenceLine />);
    const reference = screen.getByRole('link', { name: 'API reference' });
    expect(reference).toHaveAttribute('href', `${window.location.origin}/api/docs`);
    expect(reference).toHaveAttribute('target', '_blank');
    expect(reference).toHaveAttribute('rel', 'noopener noreferrer');
    const document = screen.getByRole('link', { name: 'openapi.json' });
    expect(document).toHaveAttribute('href', `${window.location.origin}/api/v1/openapi.json`);
  });
});
