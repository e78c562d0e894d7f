import type { ExportedJob } from '../../contract';
import { fitBand } from '../../contract/fit';
import { applicantsValue, finiteOrNull, validDateOrNull, type ExportJob } from './jobs-xlsx';
import { streamText, TEXT_CHUNK_CHARS } from './text-stream';

/**
 * A job as one line of format=json (the contract's exportedJobSchema): the sheet's columns as
 * typed JSON. Numbers and dates follow the sheet's rules (a count given as text is a number, a
 * posting day is YYYY-MM-DD); text is whole, as stored, since JSON has no cell limit and a
 * script has no formulas to fear.
 */
export function toExportedJob(job: ExportJob): ExportedJob {
  const posted = validDateOrNull(job.postedAt);
  const closed = validDateOrNull(job.closedAt);
  return {
    // The Jobs API's id: the site's numeric job id (GET /jobs/{id} takes it).
    id: Number(job.jobId),
    title: job.title,
    company_name: job.company,
    company_id: finiteOrNull(job.companyId),
    location: job.location,
    posted_at: posted === null ? null : posted.toISOString().slice(0, 10),
    salary: job.salary,
    seniority: job.seniority,
    employment_type: job.employmentType,
    job_function: job.jobFunction,
    industries: job.industries,
    applicants: applicantsValue(job.applicants),
    easy_apply: job.easyApply,
    url: job.url,
    description: job.description,
    search_term: job.searchTerm,
    search_location: job.searchLocation,
    is_new: job.isNew,
    closed_at: closed === null ? null : closed.toISOString(),
    apply_url: job.applyUrl,
    ...fitFields(finiteOrNull(job.fitScore)),
  };
}

/** Issue 40: a line's `fit_score` and `fit_band` (the band's key, as the Jobs API's `fit.band`). */
export function fitFields(score: number | null): {
  fit_score: number | null;
  fit_band: ReturnType<typeof fitBand> | null;
} {
  return { fit_score: score, fit_band: score === null ? null : fitBand(score) };
}

/** NDJSON lines, joined into chunks of about TEXT_CHUNK_CHARS. */
async function* ndjsonChunks<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  toLine: (row: Row) => unknown,
  counted: { rows: number },
): AsyncGenerator<string> {
  let lines: string[] = [];
  let chars = 0;
  for await (const row of rows) {
    // JSON.stringify escapes line breaks inside strings, so each row is exactly one line.
    const line = `${JSON.stringify(toLine(row))}\n`;
    counted.rows += 1;
    lines.push(line);
    chars += line.length;
    if (chars >= TEXT_CHUNK_CHARS) {
      yield lines.join('');
      lines = [];
      chars = 0;
    }
  }
  if (lines.length > 0) yield lines.join('');
}

/**
 * Streams jobs as NDJSON (one job a line, UTF-8, no BOM) into `out`, taking jobs only as fast
 * as `out` is read. Resolves with the number of lines once all is written; a failing source
 * or output rejects and breaks `out`. No jobs: an empty file.
 */
export function writeJobsNdjson(
  jobs: AsyncIterable<ExportJob> | Iterable<ExportJob>,
  out: NodeJS.WritableStream,
): Promise<{ rows: number }> {
  return writeNdjson(jobs, toExportedJob, out);
}

/** writeJobsNdjson for any rows: each made a line's value by `toLine`, with the same promises. */
export async function writeNdjson<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  toLine: (row: Row) => unknown,
  out: NodeJS.WritableStream,
): Promise<{ rows: number }> {
  const counted = { rows: 0 };
  await streamText(ndjsonChunks(rows, toLine, counted), out);
  return counted;
}
