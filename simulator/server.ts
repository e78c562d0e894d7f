import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import {
  buildCatalogue,
  CATALOGUE_NOW,
  type Catalogue,
  type FeaturedPosting,
  type LookalikeKind,
  type SimJob,
} from './catalogue';
import { createSiteClock, type SiteClock } from './clock';
import {
  applyChangedMarkup,
  applyDroppedFields,
  createFaults,
  type FaultDecision,
  type Faults,
} from './faults';
import { jobFactsTruth, type JobFactsTruth } from './job-facts';
import { fitKeywordsOf, fitTruthOf, makeFitJob, type FitTruthAnswer } from './fit-catalogue';
import { foldForMatch } from './places';
import { renderGuestCards } from './render-guest-cards';
import { renderJobDetails, renderJobViewPage } from './render-job-details';
import { renderRscSearchPage } from './render-rsc';
import {
  AI_PAGE_SIZE,
  createSearchEngine,
  GUEST_OFFSET_LIMIT,
  guestFiltersFromUrl,
  type SearchEngine,
} from './search-results';
import { checkSession } from './session';
import { companyHits, geoHits } from './typeahead';

export interface SimulatorOptions {
  /** Seed of the catalogue and of every answer (default 1). */
  seed?: number;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** When set, every search matches exactly this many jobs. */
  jobsPerQuery?: number;
  /** Size of the catalogue (defaults: 5000 jobs, 400 companies). */
  jobCount?: number;
  companyCount?: number;
  /** New postings per simulated day as a share of the starting catalogue (default 0.05). */
  dailyGrowth?: number;
  /** Issue 17: share of those postings that repost an older job (default 0.08). */
  repostShare?: number;
  /** Issue 17: share of those postings that look like an older job but are none (default 0.04). */
  lookalikeShare?: number;
  /**
   * Serve the test-only control endpoint `POST /__simulator/clock?advanceHours=N` (default
   * false): browser tests move the clock of a simulator running in another process.
   */
  controlEndpoint?: boolean;
  /**
   * Where the site's clock starts, the starting catalogue dated from it (default
   * CATALOGUE_NOW): the demo's history starts it days before the wall clock's now, so the
   * postings' dates meet the days its batches run on.
   */
  startAt?: number;
  /** The share of postings showing a salary where the site gives one (default 0.35). */
  salaryShare?: number;
  /** Issue 41: the share of postings that close at a known time as the clock moves (default 0). */
  closeShare?: number;
  /**
   * Issue 40: this many fit postings (default 0), listed by the searches for `fit jobs` (all) and
   * `fit backend`, `fit data`, `fit finance`, `fit other` (a domain's), their truth at
   * `GET /__simulator/truth/fit`. The rest of the catalogue is the same with or without them.
   */
  fitJobs?: number;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Request headers as received (tests check browser headers, cookies and csrf). */
  headers: IncomingHttpHeaders;
  /** Arrival time, epoch milliseconds with sub-millisecond precision. */
  at: number;
  /** Status answered; 0 for a dropped connection, -1 while still being answered. */
  status: number;
}

/** Issue 17: which postings repost which, and which only look like one (`GET /__simulator/truth/reposts`). */
export interface RepostTruth {
  /** Each repost: the job it copies (`of`) and the first job of its chain (`root`). */
  reposts: Array<{ id: string; of: string; root: string }>;
  lookalikes: Array<{ id: string; of: string; kind: LookalikeKind }>;
}

/** Issue 41: every posting that closes, when, and whether it has by the site's clock. */
export interface ClosureTruth {
  closures: Array<{ id: string; closesAt: string; closed: boolean }>;
}

export interface Simulator {
  url: string;
  /** What the simulated site knows and a scraper has to work out. */
  truth: {
    reposts(): RepostTruth;
    /** Issue 41: `GET /__simulator/truth/closures`. */
    closures(): ClosureTruth;
    /** Issue 41: what a parser should read from a posting's pages (`GET /__simulator/truth/jobs/{id}`). */
    job(id: string): JobFactsTruth | undefined;
    /** Issue 40: `GET /__simulator/truth/fit`. */
    fit(): FitTruthAnswer;
  };
  port: number;
  catalogue: Catalogue;
  search: SearchEngine;
  faults: Faults;
  /** The site's clock: moving it on grows the catalogue and ages every posting. */
  clock: SiteClock;
  /** Every request received, in arrival order (the same array across `reset()`). */
  requests: RequestLogEntry[];
  /** From now on signed-in calls redirect to /authwall even with valid cookies. */
  expireSession(): void;
  /**
   * Puts a posting on the site that searches (those for its `keywords`, or all) list first, as a
   * promoted job: how the browser tests and the screenshots show the worst real data. Kept
   * across `reset()`.
   */
  feature(posting: FeaturedPosting): SimJob;
  /** Clears the request log and the faults, and makes the session valid again. */
  reset(): void;
  close(): Promise<void>;
}

const SEARCH_PATH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DETAILS_PREFIX = '/jobs-guest/jobs/api/jobPosting/';
const TYPEAHEAD_PATH = '/jobs-guest/api/typeaheadHits';
const COMPANY_PREFIX = '/voyager/api/organization/companies/';
const AI_SEARCH_PATH = '/flagship-web/jobs/search-results';
const CONTROL_PATH = '/__simulator/clock';
const ME_PATH = '/voyager/api/me';
const REPOST_TRUTH_PATH = '/__simulator/truth/reposts';
const CLOSURE_TRUTH_PATH = '/__simulator/truth/closures';
const JOB_TRUTH_PREFIX = '/__simulator/truth/jobs/';
const FIT_TRUTH_PATH = '/__simulator/truth/fit';

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const html = (body: string, status = 200): Answer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
});

function authWall(path: string): Answer {
  const back = encodeURIComponent(path);
  return {
    status: 302,
    headers: { location: `/authwall?trk=bf&trkInfo=bf&original_referer=&sessionRedirect=${back}` },
    body: '',
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The NavigateToScreen body carries the next page's URL; find it wherever it sits. */
function findUrl(value: unknown, depth = 0): string | undefined {
  if (depth > 6 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'url' && typeof inner === 'string') return inner;
    const found = findUrl(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const seed = options.seed ?? 1;
  const catalogue = buildCatalogue({
    seed,
    jobCount: options.jobCount,
    companyCount: options.companyCount,
    repostShare: options.repostShare,
    lookalikeShare: options.lookalikeShare,
    startAt: options.startAt,
    salaryShare: options.salaryShare,
    closeShare: options.closeShare,
  });
  const fitJobs = Array.from({ length: options.fitJobs ?? 0 }, (_, n) =>
    makeFitJob(seed, n, catalogue.companies, options.startAt ?? CATALOGUE_NOW),
  );
  for (const job of fitJobs) catalogue.list(job, fitKeywordsOf(job.fit ?? null));
  const clock = createSiteClock(catalogue, options.dailyGrowth ?? 0.05, options.startAt);
  const search = createSearchEngine(catalogue, { jobsPerQuery: options.jobsPerQuery }, clock);
  const faults = createFaults();
  const requests: RequestLogEntry[] = [];
  let sessionExpired = false;

  const guestSearch = (url: URL): Answer => {
    const startText = url.searchParams.get('start') ?? '0';
    const start = /^\d+$/.test(startText) ? Number(startText) : Number.NaN;
    if (!Number.isFinite(start) || start >= GUEST_OFFSET_LIMIT) return { status: 400, body: '' };
    const keywords = url.searchParams.get('keywords') ?? '';
    const geoKey =
      url.searchParams.get('geoId') ?? foldForMatch(url.searchParams.get('location') ?? '');
    const results = search.guest(keywords, geoKey, guestFiltersFromUrl(url.searchParams));
    if (start >= results.visible.length) return html('');
    const size = search.guestPageSize(keywords, geoKey, start);
    const jobs = results.visible.slice(start, start + size);
    const refId = Buffer.from(`${seed}:${keywords}:${geoKey}`).toString('base64').slice(0, 24);
    return html(renderGuestCards(jobs, start, refId));
  };

  const details = (path: string): Answer => {
    const id = path.slice(DETAILS_PREFIX.length).replace(/\/$/, '');
    const job = catalogue.jobById(id);
    return job ? html(renderJobDetails(job)) : html('', 404);
  };

  const typeahead = (url: URL): Answer => {
    const type = url.searchParams.get('typeaheadType');
    const query = url.searchParams.get('query') ?? '';
    const hits =
      type === 'GEO'
        ? geoHits(query)
        : type === 'COMPANY'
          ? companyHits(catalogue.companies, query)
          : undefined;
    if (!hits) return { status: 400, body: '' };
    // The site serves this JSON as text/plain.
    return {
      status: 200,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(hits),
    };
  };

  const company = (req: IncomingMessage, path: string): Answer => {
    const session = checkSession(req, sessionExpired);
    if (session === 'signed-out') return authWall(path);
    if (session === 'csrf') return { status: 403, body: 'CSRF check failed.' };
    const found = catalogue.companyById(path.slice(COMPANY_PREFIX.length).replace(/\/$/, ''));
    const type = { 'content-type': 'application/vnd.linkedin.normalized+json+2.1; charset=UTF-8' };
    if (!found) return { status: 404, headers: type, body: JSON.stringify({ status: 404 }) };
    const data = {
      $type: 'com.linkedin.voyager.organization.Company',
      entityUrn: `urn:li:fs_normalized_company:${found.id}`,
      name: found.name,
      universalName: found.slug,
      url: `https://www.linkedin.com/company/${found.slug}`,
      staffCount: 10 + (Number(found.id) % 5000),
    };
    return { status: 200, headers: type, body: JSON.stringify({ data, included: [] }) };
  };

  /** The signed-in member, as the site's own pages ask for it: the cheapest "am I signed in?". */
  const me = (req: IncomingMessage): Answer => {
    const session = checkSession(req, sessionExpired);
    if (session === 'signed-out') return authWall(ME_PATH);
    if (session === 'csrf') return { status: 403, body: 'CSRF check failed.' };
    const data = {
      $type: 'com.linkedin.voyager.common.Me',
      plainId: 771_234_567,
      premiumSubscriber: false,
      '*miniProfile': 'urn:li:fs_miniProfile:ACoAAC4yN4cBsimulatedOperator',
    };
    const included = [
      {
        $type: 'com.linkedin.voyager.identity.shared.MiniProfile',
        entityUrn: 'urn:li:fs_miniProfile:ACoAAC4yN4cBsimulatedOperator',
        firstName: 'Sim',
        lastName: 'Operator',
        publicIdentifier: 'sim-operator',
      },
    ];
    return {
      status: 200,
      headers: { 'content-type': 'application/vnd.linkedin.normalized+json+2.1; charset=UTF-8' },
      body: JSON.stringify({ data, included }),
    };
  };

  const aiSearch = async (req: IncomingMessage, url: URL): Promise<Answer> => {
    const body = req.method === 'POST' ? await readBody(req) : '';
    const session = checkSession(req, sessionExpired);
    if (session === 'signed-out') return authWall(url.pathname);
    if (session === 'csrf') return { status: 403, body: 'CSRF check failed.' };
    let pageUrl = url;
    if (req.method === 'POST') {
      const target = findUrl(parseJson(body));
      if (!target || typeof req.headers['x-li-initial-url'] !== 'string')
        return { status: 400, body: '' };
      pageUrl = new URL(target, url);
    }
    const keywords = pageUrl.searchParams.get('keywords') ?? '';
    const start = Number(pageUrl.searchParams.get('start') ?? '0');
    if (!Number.isInteger(start) || start < 0) return { status: 400, body: '' };
    const results = search.ai(keywords);
    const jobs = results.visible.slice(start, start + AI_PAGE_SIZE);
    const route = `${AI_SEARCH_PATH}/?keywords=${encodeURIComponent(keywords)}&origin=SEMANTIC_SEARCH&start=${start}`;
    const page = renderRscSearchPage(jobs, start, route, seed);
    return {
      status: 200,
      headers: { 'content-type': 'text/x-component', 'x-li-route-url': page.routeUrl },
      body: page.body,
    };
  };

  const control = (url: URL): Answer => {
    const hours = Number(url.searchParams.get('advanceHours') ?? 'NaN');
    if (!Number.isFinite(hours) || hours < 0) return { status: 400, body: 'advanceHours ≥ 0' };
    clock.advance(hours * 3_600_000);
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        now: new Date(clock.now()).toISOString(),
        jobs: catalogue.jobs.length,
      }),
    };
  };

  const repostTruth = (): RepostTruth => {
    const reposts: RepostTruth['reposts'] = [];
    const lookalikes: RepostTruth['lookalikes'] = [];
    const roots = new Map<string, string>();
    for (const job of catalogue.jobs) {
      if (job.repostOf) {
        const root = roots.get(job.repostOf) ?? job.repostOf;
        roots.set(job.id, root);
        reposts.push({ id: job.id, of: job.repostOf, root });
      } else if (job.lookalikeOf) {
        lookalikes.push({ id: job.id, of: job.lookalikeOf.id, kind: job.lookalikeOf.kind });
      }
    }
    return { reposts, lookalikes };
  };

  const closureTruth = (): ClosureTruth => ({
    closures: catalogue.jobs.flatMap((job) =>
      job.closesAt === undefined
        ? []
        : [
            {
              id: job.id,
              closesAt: new Date(job.closesAt).toISOString(),
              closed: job.closed === true,
            },
          ],
    ),
  });

  const jobTruth = (id: string): JobFactsTruth | undefined => {
    const job = catalogue.jobById(id);
    return job ? jobFactsTruth(job) : undefined;
  };

  const json = (value: unknown): Answer =>
    value === undefined
      ? { status: 404, body: '' }
      : {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(value),
        };

  const route = async (req: IncomingMessage, url: URL): Promise<Answer> => {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === REPOST_TRUTH_PATH) return json(repostTruth());
    if (method === 'GET' && path === CLOSURE_TRUTH_PATH) return json(closureTruth());
    if (method === 'GET' && path.startsWith(JOB_TRUTH_PREFIX))
      return json(jobTruth(path.slice(JOB_TRUTH_PREFIX.length)));
    if (method === 'GET' && path === FIT_TRUTH_PATH) return json(fitTruthOf(fitJobs));
    if (options.controlEndpoint && method === 'POST' && path === CONTROL_PATH) return control(url);
    if (method === 'GET' && path === SEARCH_PATH) return guestSearch(url);
    if (method === 'GET' && path.startsWith(DETAILS_PREFIX)) return details(path);
    if (method === 'GET' && path === TYPEAHEAD_PATH) return typeahead(url);
    if (method === 'GET' && path.startsWith(COMPANY_PREFIX)) return company(req, path);
    if (method === 'GET' && path === ME_PATH) return me(req);
    if (
      (method === 'GET' || method === 'POST') &&
      (path === AI_SEARCH_PATH || path === `${AI_SEARCH_PATH}/`)
    )
      return aiSearch(req, url);
    if (method === 'GET' && path.startsWith('/jobs/view/')) {
      const job = catalogue.jobById(/(\d+)\/?$/.exec(path)?.[1] ?? '');
      return job ? html(renderJobViewPage(job)) : html('', 404);
    }
    if (method === 'GET' && (path === '/authwall' || path === '/login'))
      return html('<!doctype html><title>Sign in</title><h1>Sign in</h1>');
    return html('', 404);
  };

  const answerFault = (
    decision: FaultDecision,
    path: string,
    res: ServerResponse,
  ): number | undefined => {
    const fault = decision.answer;
    if (!fault) return undefined;
    if (fault.kind === 'drop') {
      res.socket?.destroy();
      return 0;
    }
    if (fault.kind === 'authwall') {
      const wall = authWall(path);
      res.writeHead(wall.status, wall.headers).end();
      return wall.status;
    }
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (fault.retryAfterSeconds !== undefined) {
      headers['retry-after'] = fault.retryAfterAsDate
        ? new Date(Date.now() + fault.retryAfterSeconds * 1000).toUTCString()
        : String(fault.retryAfterSeconds);
    }
    res
      .writeHead(fault.status, headers)
      .end(fault.status === 999 ? '<html><body>Request denied</body></html>' : '');
    return fault.status;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const at = performance.timeOrigin + performance.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const entry: RequestLogEntry = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      at,
      status: -1,
    };
    requests.push(entry);
    const decision = faults.take(url.pathname);
    if (decision.latencyMs > 0) await new Promise((r) => setTimeout(r, decision.latencyMs));
    const faulted = answerFault(decision, url.pathname, res);
    if (faulted !== undefined) {
      entry.status = faulted;
      return;
    }
    const answer = await route(req, url);
    const rendered = applyDroppedFields(answer.body ?? '', decision.droppedFields);
    const body = decision.changedMarkup && rendered ? applyChangedMarkup(rendered) : rendered;
    res.writeHead(answer.status, answer.headers ?? {}).end(body);
    entry.status = answer.status;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('simulator did not bind a TCP port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    catalogue,
    search,
    faults,
    clock,
    requests,
    truth: {
      reposts: repostTruth,
      closures: closureTruth,
      job: jobTruth,
      fit: () => fitTruthOf(fitJobs),
    },
    feature(posting) {
      return catalogue.feature(posting, clock.now());
    },
    expireSession() {
      sessionExpired = true;
    },
    reset() {
      requests.length = 0;
      faults.clear();
      sessionExpired = false;
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
