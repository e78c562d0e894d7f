import type { SimJob } from './catalogue';
import { hashSeed } from './prng';

type RscNode = string | number | boolean | null | RscNode[] | { [key: string]: RscNode };

function el(type: string, key: string | null, props: { [key: string]: RscNode }): RscNode {
  return ['$', type, key, props];
}

/** React strings that start with "$" are escaped as "$$" in the flight format. */
function textValue(text: string): string {
  return text.startsWith('$') ? `$${text}` : text;
}

function className(seed: number, salt: string): string {
  return `_${(hashSeed(seed, salt) >>> 0).toString(16).padStart(8, '0')}`;
}

function cardBody(job: SimJob, seed: number): RscNode {
  const lines: RscNode[] = [
    el('p', null, {
      className: className(seed, 'title'),
      children: [
        textValue(job.title),
        el('svg', null, { 'aria-label': 'Verified job', role: 'img' }),
      ],
    }),
    el('p', null, { className: className(seed, 'company'), children: textValue(job.company.name) }),
    el('p', null, {
      className: className(seed, 'location'),
      children: textValue(job.place.displayName),
    }),
  ];
  if (job.salary)
    lines.push(el('p', null, { className: className(seed, 'salary'), children: job.salary }));
  const footer: RscNode[] = [el('span', null, { children: job.postedText })];
  if (job.easyApply) footer.push(' · ', el('span', null, { children: 'Easy Apply' }));
  lines.push(el('p', null, { className: className(seed, 'footer'), children: footer }));
  return el('div', null, { className: className(seed, 'body'), children: lines });
}

export interface RscPage {
  body: string;
  /** The `x-li-route-url` header: the URL this answer stands for. */
  routeUrl: string;
}

/**
 * A React Server Components stream (`text/x-component`) of the semantic search results:
 * rows `<hex id>:<json>`, a module row (`I`), a text row (`T`, length-prefixed, may span
 * lines), and job cards keyed `job-card-component-ref-<jobId>`. Some cards sit in rows of
 * their own and are referenced as `$L<id>`, as React streams them.
 */
export function renderRscSearchPage(
  jobs: readonly SimJob[],
  start: number,
  routeUrl: string,
  seed: number,
): RscPage {
  const rows: string[] = [];
  let nextId = 3;
  const deferred: Array<[number, RscNode]> = [];
  const cards: RscNode[] = jobs.map((job, i) => {
    const key = `job-card-component-ref-${job.id}`;
    const inline = (start + i) % 3 !== 1;
    const body = cardBody(job, seed);
    let children: RscNode = body;
    if (!inline) {
      const rowId = nextId;
      nextId += 1;
      deferred.push([rowId, body]);
      children = `$L${rowId.toString(16)}`;
    }
    return el('div', key, {
      role: 'button',
      componentkey: key,
      tabIndex: 0,
      'data-view-tracking-scope': JSON.stringify([
        { objectUrn: `urn:li:fsd_jobPosting:${job.id}` },
      ]),
      children,
    });
  });
  const summaryRow = nextId;
  nextId += 1;
  const summary =
    jobs.length > 0
      ? `Results for your search\nShowing ${start + 1}–${start + jobs.length}`
      : 'No matching jobs found';
  const main = el('div', null, {
    componentkey: 'SearchResultsMainContent',
    children: [el('p', null, { children: `$${summaryRow.toString(16)}` }), ...cards],
  });
  rows.push(
    `0:${JSON.stringify(['$', '$L1', null, { screenId: 'com.linkedin.sdui.flagshipnav.jobs.SemanticJobSearchResults', children: '$L2' }])}`,
  );
  rows.push(
    `1:I${JSON.stringify(['/aero-v1/sc/h/search-results-chunk.js', ['search-results'], 'SearchResultsScreen'])}`,
  );
  rows.push(`2:${JSON.stringify(main)}`);
  // A text row has no line end: the next row starts right after its byte count.
  const textRow = `${summaryRow.toString(16)}:T${Buffer.byteLength(summary, 'utf8').toString(16)},${summary}`;
  const later = deferred
    .map(([rowId, node]) => `${rowId.toString(16)}:${JSON.stringify(node)}\n`)
    .join('');
  return { body: `${rows.join('\n')}\n${textRow}${later}`, routeUrl };
}
