import { z } from 'zod/mini';
import { dateTimeSchema } from './common';
import { fitBandSchema } from './fit';
import { applicationStageSchema, nextStepSchema } from './pipeline';

// One line of `GET /applications/export?format=json` (issue 33): an application as typed JSON,
// the sheet's columns under the names the Applications API gives the same things. Text is whole
// (a spreadsheet cell cuts at 32,767 characters; a script needs all of it) and times are exact
// instants (the sheet shows them in the server's time zone).

/** A contact as the export lists it: the API's contact without its id. */
export const exportedContactSchema = z.strictObject({
  name: z.string(),
  role: z.nullable(z.string()),
  email: z.nullable(z.string()),
  url: z.nullable(z.string()),
});
export type ExportedContact = z.infer<typeof exportedContactSchema>;

export const exportedApplicationSchema = z.strictObject({
  /** The site's job id: the Applications API's `job_id`, the sheet's "Job ID". */
  job_id: z.int(),
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  url: z.string(),
  stage: applicationStageSchema,
  /** When the application entered its stage (the sheet's "In stage since"). */
  stage_since: dateTimeSchema,
  /**
   * When it last entered each stage it has been in (its history's latest date for that stage);
   * a stage it never entered is left out. The sheet's Saved … No answer columns.
   */
  stage_dates: z.partialRecord(applicationStageSchema, dateTimeSchema),
  next_step: z.nullable(nextStepSchema),
  reference: z.nullable(z.string()),
  salary_asked: z.nullable(z.string()),
  salary_offered: z.nullable(z.string()),
  /** In the order they were added. */
  contacts: z.array(exportedContactSchema),
  notes: z.string(),
  /**
   * Issue 41: when the job's page was first found closed (the sheet's "Closed"); null while open.
   * Always written by this server; optional for files written before it.
   */
  closed_at: z.optional(z.nullable(dateTimeSchema)),
  /** Issue 41: the employer's own apply address (http(s) only): the sheet's "Apply URL". */
  apply_url: z.optional(z.nullable(z.string())),
  /**
   * Issue 40: the job's best fit, 0–100 (the sheet's "Fit"), and its band (the sheet's "Fit band"
   * in words); null without one. Always written by this server; optional for older files.
   */
  fit_score: z.optional(z.nullable(z.int())),
  fit_band: z.optional(z.nullable(fitBandSchema)),
});
export type ExportedApplication = z.infer<typeof exportedApplicationSchema>;
