import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ExportFormat } from '../src/contract';
import { writeJobs, type ExportJob } from '../src/server/export';
import { atMost, context, type BenchFigure, type BenchSuite } from './report';
import { runBenchChild } from './child';

// DESIGN.md's export budget: a 100,000-job batch in ≤ 5 s and ≤ 250 MB peak, and 100,000
// rows no more than 50 MB above 10,000 rows (so memory does not grow with the row count).
// Each size runs in a child process of its own: peak RSS is a high-water mark for the
// whole process, so two sizes measured in one process would report the same peak.
// The csv and json formats (issue 18) stream under the same budget: each is measured the same way.

const SIZES = [10_000, 100_000] as const;
const TIME_BUDGET_S = 5;
const PEAK_BUDGET_MB = 250;
const GROWTH_BUDGET_MB = 50;
const CHILD_FLAG = '--export-bench-child';

const childResultSchema = z.object({
  rows: z.number(),
  seconds: z.number(),
  peakRssMb: z.number(),
  fileMb: z.number(),
  cpuSeconds: z.number(),
});
type ChildResult = z.infer<typeof childResultSchema>;

export const exportSuite: BenchSuite = {
  name: 'export',
  run: async () => {
    const figures: BenchFigure[] = [];
    for (const format of FORMATS) figures.push(...(await formatFigures(format)));
    return figures;
  },
};

const FORMATS: readonly ExportFormat[] = ['xlsx', 'csv', 'json'];
/** How each format is named in a figure; xlsx keeps the names its figures always had. */
const FORMAT_LABELS: Record<ExportFormat, string> = {
  xlsx: 'export',
  csv: 'export as CSV',
  json: 'export as NDJSON',
};

async function formatFigures(format: ExportFormat): Promise<BenchFigure[]> {
  const results: ChildResult[] = [];
  for (const size of SIZES) results.push(await runChild(size, format));
  const [small, large] = results;
  if (!small || !large) throw new Error(`export bench (${format}): a child run is missing`);
  const label = FORMAT_LABELS[format];
  return [
    context(`${label} 10,000 jobs: time`, round(small.seconds), 's'),
    context(`${label} 10,000 jobs: peak RSS`, round(small.peakRssMb), 'MB'),
    atMost(`${label} 100,000 jobs: time`, round(large.seconds), 's', TIME_BUDGET_S),
    atMost(`${label} 100,000 jobs: peak RSS`, round(large.peakRssMb), 'MB', PEAK_BUDGET_MB),
    atMost(
      `${label} peak RSS, 100,000 rows above 10,000 rows`,
      round(large.peakRssMb - small.peakRssMb),
      'MB',
      GROWTH_BUDGET_MB,
    ),
    // CPU time (all threads) shows whether a slow run was slow or only starved of CPU.
    context(`${label} 100,000 jobs: CPU time, all threads`, round(large.cpuSeconds), 's'),
    context(`${label} 100,000 jobs: file size`, round(large.fileMb), 'MB'),
  ];
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Runs this file as a child process (through tsx's loader) for one size and format; returns what it measured. */
async function runChild(size: number, format: ExportFormat): Promise<ChildResult> {
  return childResultSchema.parse(
    await runBenchChild(
      import.meta.url,
      [CHILD_FLAG, String(size), format],
      `export bench child for ${size} rows as ${format}`,
    ),
  );
}

// ---- the child: export `size` synthetic jobs to a temporary file and report ----

const WORDS = (
  'we are looking for an experienced analyst to join our growing finance team you will ' +
  'partner with stakeholders across the business build models forecasts and dashboards ' +
  'own monthly reporting drive process improvements and present insights to leadership ' +
  'requirements include a degree in finance economics or a related field strong excel and ' +
  'sql skills experience with python or r is a plus excellent communication hybrid remote ' +
  'benefits include health dental vision 401k equity paid time off parental leave learning ' +
  'budget we value diversity and are an equal opportunity employer responsibilities ' +
  'qualifications preferred minimum years of experience data governance cloud platform'
).split(' ');

/** A small deterministic generator, so every run exports the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A pool of realistic 2–4 KB descriptions; jobs pick from it, so generating them costs little. */
function descriptionPool(next: () => number, count: number): string[] {
  const pool: string[] = [];
  for (let d = 0; d < count; d += 1) {
    const target = 2_048 + Math.floor(next() * 2_048);
    let text = 'About the job\n';
    while (text.length < target) {
      const sentence: string[] = [];
      const length = 8 + Math.floor(next() * 14);
      for (let w = 0; w < length; w += 1)
        sentence.push(WORDS[Math.floor(next() * WORDS.length)] ?? 'data');
      text += `${sentence.join(' ')}.${next() < 0.2 ? '\n' : ' '}`;
    }
    pool.push(text);
  }
  return pool;
}

/** A closing instant, and its day as the sheet shows it (the bench's server runs in UTC). */
function closing(at: number | null): { closedAt: Date | null; closedOn: Date | null } {
  if (at === null) return { closedAt: null, closedOn: null };
  return { closedAt: new Date(at), closedOn: new Date(at - (at % 86_400_000)) };
}

function* syntheticJobs(size: number): Generator<ExportJob> {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('export bench: empty list');
    return item;
  };
  const descriptions = descriptionPool(next, 500);
  const titles = [
    'Financial Analyst',
    'Senior Data Engineer',
    'Product Manager',
    'Account Executive',
    'UX Designer',
  ];
  const places = ['San Francisco, CA', 'New York, NY', 'Austin, TX', 'Berlin, Germany', 'Remote'];
  for (let i = 0; i < size; i += 1) {
    const jobId = String(3_900_000_000 + i * 7);
    yield {
      jobId,
      title: `${pick(titles)} ${i % 3 === 0 ? 'II' : ''}`.trim(),
      company: `Company ${Math.floor(next() * 5_000)}`,
      companyId: 10_000 + Math.floor(next() * 5_000),
      location: pick(places),
      postedAt: new Date(Date.UTC(2025, 0, 1 + Math.floor(next() * 60))),
      salary:
        next() < 0.4
          ? `$${80 + Math.floor(next() * 80)}K/yr - $${160 + Math.floor(next() * 80)}K/yr`
          : null,
      seniority: pick(['Entry level', 'Associate', 'Mid-Senior level', 'Director']),
      employmentType: pick(['Full-time', 'Contract', 'Part-time']),
      jobFunction: pick([
        'Finance and Sales',
        'Engineering and Information Technology',
        'Marketing',
      ]),
      industries: pick([
        'Software Development',
        'Financial Services',
        'IT Services and IT Consulting',
      ]),
      applicants: next() < 0.9 ? Math.floor(next() * 200) : null,
      easyApply: next() < 0.5,
      url: `https://www.linkedin.com/jobs/view/${jobId}/`,
      description: pick(descriptions),
      searchTerm: pick(titles),
      searchLocation: pick(places),
      isNew: next() < 0.7,
      // Issue 41's columns: most jobs open, half with the employer's address.
      ...closing(next() < 0.2 ? Date.UTC(2025, 2, 1 + Math.floor(next() * 28)) : null),
      applyUrl:
        next() < 0.5 ? `https://jobs.company-${jobId.slice(-4)}.example/apply/${jobId}` : null,
      // Issue 40's: most jobs with a fit.
      fitScore: next() < 0.9 ? Math.floor(next() * 101) : null,
    };
  }
}

async function child(size: number, format: ExportFormat): Promise<void> {
  const file = path.join(tmpdir(), `jobscout-export-bench-${process.pid}-${size}.${format}`);
  try {
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    const { rows } = await writeJobs(format, syntheticJobs(size), createWriteStream(file));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    // ru_maxrss: the operating system's high-water mark of this process, in kilobytes.
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    const fileMb = (await stat(file)).size / 1024 / 1024;
    const result: ChildResult = { rows, seconds, peakRssMb, fileMb, cpuSeconds };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await rm(file, { force: true });
  }
}

const flagAt = process.argv.indexOf(CHILD_FLAG);
if (flagAt !== -1 && process.argv[1] === fileURLToPath(import.meta.url)) {
  const format = z.enum(['xlsx', 'csv', 'json']).parse(process.argv[flagAt + 2]);
  await child(Number(process.argv[flagAt + 1]), format);
}
