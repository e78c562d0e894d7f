import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight, highlightParts } from './highlight';

describe('Highlight', () => {
  it('marks the earlier words whole and the last one as a word start, as the search matches', () => {
    expect(
      highlightParts('Excellent Excel forecasting and forecasts', ['excel', 'forecast']),
    ).toEqual([
      { text: 'Excellent ', match: false },
      { text: 'Excel', match: true },
      { text: ' ', match: false },
      { text: 'forecasting', match: true },
      { text: ' and ', match: false },
      { text: 'forecasts', match: true },
    ]);
  });

  it('folds accents as the index does: cafe marks Café, résumé marks Resume', () => {
    expect(highlightParts('Café Manager', ['cafe'])).toEqual([
      { text: 'Café', match: true },
      { text: ' Manager', match: false },
    ]);
    expect(highlightParts('Resume writer', ['résumé', 'wri'])).toEqual([
      { text: 'Resume', match: true },
      { text: ' ', match: false },
      { text: 'writer', match: true },
    ]);
  });

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
