import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight, highlightParts } from './highlight';

describe('Highlight', () => {
  it('marks whole words that start with a search word, case-insensitively', () => {
    expect(highlightParts('Senior Data Scientist, data team', ['data', 'scien'])).toEqual([
      { text: 'Senior ', match: false },
      { text: 'Data', match: true },
      { text: ' ', match: false },
      { text: 'Scientist', match: true },
      { text: ', ', match: false },
      { text: 'data', match: true },
      { text: ' team', match: false },
    ]);
    expect(highlightParts('Metadata', ['data'])).toEqual([{ text: 'Metadata', match: false }]);
  });

  it('renders marks built from text: markup in a title stays text', () => {
    const { container } = render(
      <p>
        <Highlight text={'<img src=x onerror=alert(1)> Data lead'} words={['data', 'img']} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'img',
      'Data',
    ]);
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> Data lead');
  });
});
