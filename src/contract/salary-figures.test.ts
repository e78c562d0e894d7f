import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../simulator/catalogue';
import { parseAiSearchCards } from '../scraper/parse-ai-search-cards';
import { parseJobDetails } from '../scraper/parse-job-details';
import { parseSearchCards } from '../scraper/parse-search-cards';
import { FIXTURE_CONTEXT, fixture } from '../scraper/test-fixtures';
import { applicantsCount, salaryFigures } from './salary-figures';

describe('salaryFigures', () => {
  it.each([
    // The guest cards (src/scraper/fixtures): "/yr" is often left out.
    ['€70,000.00 - €90,000.00', { currency: 'EUR', yearly: 80_000 }],
    ['$120,000.00/yr - $150,000.00/yr', { currency: 'USD', yearly: 135_000 }],
    ['$140,000/yr - $160,000/yr', { currency: 'USD', yearly: 150_000 }],
    // The AI search's cards.
    ['€70K/yr - €90K/yr', { currency: 'EUR', yearly: 80_000 }],
    // The simulated site's forms (simulator/catalogue.ts).
    ['£45,000.00/yr - £55,000.00/yr', { currency: 'GBP', yearly: 50_000 }],
    ['¥4.5M/yr - ¥6M/yr', { currency: 'JPY', yearly: 5_250_000 }],
    ['$30.00/hr - $91.00/hr', { currency: 'USD', yearly: 125_840 }],
    // A single figure, the other periods, codes and European separators.
    ['$80.00/hr', { currency: 'USD', yearly: 166_400 }],
    ['€4,000/mo - €5,000/mo', { currency: 'EUR', yearly: 54_000 }],
    ['$1,000/wk', { currency: 'USD', yearly: 52_000 }],
    ['£400/day - £500/day', { currency: 'GBP', yearly: 117_000 }],
    ['CHF 100,000 - 120,000 per year', { currency: 'CHF', yearly: 110_000 }],
    ['CA$90,000.00/yr - CA$110,000.00/yr', { currency: 'CAD', yearly: 100_000 }],
    ['70.000,00 € - 90.000,00 €', { currency: 'EUR', yearly: 80_000 }],
    ['€70\u202f000 - €90\u202f000 a year', { currency: 'EUR', yearly: 80_000 }],
    ['$70-90K', { currency: 'USD', yearly: 80_000 }],
    ['$25.50 an hour', { currency: 'USD', yearly: 53_040 }],
  ])('%s', (text, figures) => {
    expect(salaryFigures(text)).toEqual(figures);
  });

  it.each([
    [null],
    [''],
    ['Competitive'],
    // No currency, two currencies, two periods, more than two figures.
    ['70,000 - 90,000'],
    ['$70,000 - €90,000'],
    ['$40/hr - $80,000/yr'],
    ['$1 - $2 - $3'],
    // A small figure without its period could be an hour's or a month's pay.
    ['$40 - $60'],
    ['$0.00'],
  ])('gives null for %j', (text) => {
    expect(salaryFigures(text)).toBeNull();
  });

  it('reads every salary of the scraper fixtures and of the simulated site', () => {
    const cards = [
      ...parseSearchCards(fixture('search-cards.html'), FIXTURE_CONTEXT).cards,
      ...parseSearchCards(fixture('raw/search-cards-quirks.html'), FIXTURE_CONTEXT).cards,
      ...parseAiSearchCards(fixture('ai-search.rsc'), FIXTURE_CONTEXT).cards,
    ];
    const details = parseJobDetails(fixture('job-details.html'), '4470111950', FIXTURE_CONTEXT);
    const simulated = buildCatalogue({ seed: 7, jobCount: 400 }).jobs;
    const texts = [...cards, details, ...simulated]
      .map((job) => job.salary)
      .filter((salary) => salary !== null);
    expect(texts.length).toBeGreaterThan(100);
    for (const text of texts) expect(salaryFigures(text), text).not.toBeNull();
  });
});

describe('applicantsCount', () => {
  it.each([
    ['Over 200 applicants', 200],
    ['Be among the first 25 applicants', 25],
    ['47 applicants', 47],
    ['1,234 applicants', 1234],
    ['No applicants yet', null],
    ['', null],
    [null, null],
  ])('%j → %j', (text, count) => {
    expect(applicantsCount(text)).toBe(count);
  });

  it('reads every caption of the scraper fixtures and of the simulated site', () => {
    const pages = [
      'job-details.html',
      'job-details-offsite.html',
      'raw/job-details-older-layout.html',
    ];
    const captions = pages.map(
      (page) => parseJobDetails(fixture(page), '4470111950', FIXTURE_CONTEXT).applicantsText,
    );
    expect(captions.map(applicantsCount)).toEqual([200, 25, 200]);
    for (const job of buildCatalogue({ seed: 7, jobCount: 200 }).jobs)
      expect(applicantsCount(job.applicantsText), job.applicantsText).not.toBeNull();
  });
});
