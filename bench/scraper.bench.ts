import { renderGuestCards, renderJobDetails, startSimulator } from '../simulator';
import { createSiteClient, parseJobDetails, parseSearchCards } from '../src/scraper';
import { atLeast, atMost, context, type BenchFigure, type BenchSuite } from './report';

// DESIGN.md's parsing budget (≥ 2,000 search cards/s, ≥ 300 detail pages/s, with htmlparser2
// and css-select; the site allows ~0.3 pages/s, so parsing is never the bottleneck) and issue 4's
// paging figure: 1,000 results against the simulated site with no interval, and with a
// 50 ms interval next to the ideal (requests × interval), within 10%. The paging runs with
// jitter off: jitter adds up to 50% on purpose, and the figure checks the pacing itself.

const CARD_BUDGET_PER_S = 2_000;
const DETAILS_BUDGET_PER_S = 300;
const PAGING_RESULTS = 1_000;
const PAGING_INTERVAL_MS = 50;
const PAGING_TOLERANCE = 1.1;
const MEASURE_MS = 1_500;

/** Runs `work` repeatedly for about MEASURE_MS after a warm-up; answers units done per second. */
function throughput(work: () => number): number {
  for (let i = 0; i < 20; i += 1) work();
  let units = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < MEASURE_MS) {
    units += work();
    elapsed = performance.now() - started;
  }
  return (units * 1000) / elapsed;
}

async function pageThrough(
  intervalMs: number,
): Promise<{ ms: number; requests: number; cards: number }> {
  const sim = await startSimulator({ jobsPerQuery: 2_000 });
  const client = createSiteClient({
    baseUrl: sim.url,
    siteName: 'LinkedIn',
    minIntervalMs: intervalMs,
    jitterRatio: 0,
    maxResultsPerQuery: PAGING_RESULTS,
  });
  const query = { keywords: 'software engineer', geoId: '103035651' };
  try {
    // Warm-up: the connection, JIT, and the simulator's result cache for the measured query,
    // so the figure is the client's paging and pacing rather than the simulator's set-up.
    for await (const page of client.searchJobs({
      keywords: 'warm-up',
      geoId: '103035651',
      startAt: 900,
    }))
      void page;
    for await (const page of client.searchJobs(query)) {
      void page;
      break;
    }
    sim.reset();
    let cards = 0;
    const started = performance.now();
    for await (const page of client.searchJobs(query)) cards += page.cards.length;
    return { ms: performance.now() - started, requests: sim.requests.length, cards };
  } finally {
    await client.close();
    await sim.close();
  }
}

export const scraperSuite: BenchSuite = {
  name: 'scraper',
  async run(): Promise<BenchFigure[]> {
    const sim = await startSimulator();
    const jobs = sim.catalogue.jobs;
    const parseContext = { baseUrl: sim.url, siteName: 'LinkedIn', path: '/bench' };
    // 100 distinct pages of 10 cards, and 200 distinct detail pages (one with a 40,000+
    // character description among them, as in the catalogue).
    const pages = Array.from({ length: 100 }, (_, i) =>
      renderGuestCards(jobs.slice(i * 10, i * 10 + 10), i * 10, `ref${i}`),
    );
    const detailJobs = jobs.slice(0, 200);
    const details = detailJobs.map((job) => renderJobDetails(job));
    await sim.close();

    let p = 0;
    const cardsPerSecond = throughput(() => {
      p = (p + 1) % pages.length;
      return parseSearchCards(pages[p] ?? '', parseContext).cards.length;
    });
    let d = 0;
    const detailsPerSecond = throughput(() => {
      d = (d + 1) % details.length;
      parseJobDetails(details[d] ?? '', detailJobs[d]?.id ?? '0', parseContext);
      return 1;
    });

    const fast = await pageThrough(0);
    const paced = await pageThrough(PAGING_INTERVAL_MS);
    const ideal = paced.requests * PAGING_INTERVAL_MS;
    return [
      atLeast(
        'search cards parsed per second',
        Math.round(cardsPerSecond),
        'cards/s',
        CARD_BUDGET_PER_S,
      ),
      atLeast(
        'detail pages parsed per second',
        Math.round(detailsPerSecond),
        'pages/s',
        DETAILS_BUDGET_PER_S,
      ),
      context(
        `page through ${fast.cards} results, interval 0 (${fast.requests} requests)`,
        Math.round(fast.ms),
        'ms',
      ),
      context(
        `ideal at ${PAGING_INTERVAL_MS} ms interval (${paced.requests} requests × ${PAGING_INTERVAL_MS} ms)`,
        ideal,
        'ms',
      ),
      atMost(
        `page through ${paced.cards} results, interval ${PAGING_INTERVAL_MS} ms, jitter off`,
        Math.round(paced.ms),
        'ms',
        Math.round(ideal * PAGING_TOLERANCE),
      ),
    ];
  },
};
