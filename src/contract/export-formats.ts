import { z } from 'zod/mini';
import { dateTimeSchema } from './common';
import { XLSX_MIME_TYPE } from './constants';
import { fitBandSchema } from './fit';

// The formats every export streams (issue 18). xlsx is SPEC.md's, and what an export without
// `format` answers; csv is the same sheet as text for other spreadsheets and scripts; json is
// NDJSON, one job a line, in the typed shape below.

export const EXPORT_FORMATS = ['xlsx', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The `format` query parameter of every export: one of EXPORT_FORMATS, xlsx when left out. */
export const exportFormatParamSchema = z._default(
  z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }),
  'xlsx',
);

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  xlsx: XLSX_MIME_TYPE,
  csv: 'text/csv; charset=utf-8',
  // NDJSON's own type (ndjson-spec): a `.json` reader would choke on more than one line.
  json: 'application/x-ndjson; charset=utf-8',
};

/** The file extension of each format; json files are NDJSON, so `.ndjson`, not `.json`. */
export const EXPORT_FILE_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  xlsx: 'xlsx',
  csv: 'csv',
  json: 'ndjson',
};

/**
 * One line of a `format=json` export: the .xlsx's columns as typed JSON, named like the Jobs
 * API's fields where the two hold the same thing. Text is whole (a spreadsheet cell cuts it at
 * 32,767 characters; a script needs all of it).
 */
export const exportedJobSchema = z.strictObject({
  /** The site's job id: the Jobs API's `id` (`GET /jobs/{id}`), the sheet's "Job ID". */
  id: z.int(),
  title: z.string(),
  company_name: z.string(),
  company_id: z.nullable(z.int()),
  location: z.string(),
  /** The posting day, YYYY-MM-DD, as the site gives it. */
  posted_at: z.nullable(z.string()),
  salary: z.nullable(z.string()),
  seniority: z.nullable(z.string()),
  employment_type: z.nullable(z.string()),
  job_function: z.nullable(z.string()),
  industries: z.nullable(z.string()),
  /** A count, or the site's own wording when it gives no exact number ("Over 200 applicants"). */
  applicants: z.nullable(z.union([z.int(), z.string()])),
  /** null when the details page did not say. */
  easy_apply: z.nullable(z.boolean()),
  url: z.string(),
  /** The job's description as plain text; null before its details were fetched. */
  description: z.nullable(z.string()),
  /** The search (term and place) of the run that found it, as the sheet's columns have them. */
  search_term: z.string(),
  search_location: z.string(),
  /** First seen in the exported batch (or run's batch, or the view's batch): the sheet's "New". */
  is_new: z.boolean(),
  /**
   * Issue 41: when the job's page was first found closed (the sheet's "Closed" shows its day);
   * null while open. Always written by this server; optional for files written before it.
   */
  closed_at: z.optional(z.nullable(dateTimeSchema)),
  /** Issue 41: the employer's own apply address (http(s) only): the sheet's "Apply URL". */
  apply_url: z.optional(z.nullable(z.string())),
  /**
   * Issue 40: the job's best fit, 0–100 (the sheet's "Fit"); null without one. Always written by
   * this server; optional for files written before it.
   */
  fit_score: z.optional(z.nullable(z.int())),
  /** Issue 40: its band (the sheet's "Fit band" in words). */
  fit_band: z.optional(z.nullable(fitBandSchema)),
});
export type ExportedJob = z.infer<typeof exportedJobSchema>;
