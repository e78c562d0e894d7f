import { z } from 'zod/mini';

// The site's watched fields apart from the rest of the Overview's contract: the Batches and Query
// Runs screens name a batch's drifting fields ("parsed partly"), and importing them from here keeps
// the Overview's schemas out of those screens' bundles.

/** The watched fields of the site's markup (decision 054), in the order the screen lists them. */
export const OVERVIEW_FIELDS = [
  'company_id',
  'location',
  'posted_at',
  'salary',
  'seniority',
  'employment_type',
  'description',
  'applicants',
] as const;
export type OverviewField = (typeof OVERVIEW_FIELDS)[number];
export const overviewFieldSchema = z.enum(OVERVIEW_FIELDS);

/**
 * Issue 32's "parsed partly" on a batch and its query runs: the fields the batch's markup drift
 * verdict names (decision 054), in OVERVIEW_FIELDS order; empty for a batch that parsed fully.
 */
export const parsedPartlyWireSchema = z.array(overviewFieldSchema);

/**
 * Issue 32's "parsed partly" as the screens read it: missing from older servers (none), and a
 * field this client does not know left out rather than the whole answer refused.
 */
export const parsedPartlySchema = z.pipe(
  z._default(z.array(z.string()), []),
  z.transform((fields: string[]) => OVERVIEW_FIELDS.filter((field) => fields.includes(field))),
);

/** How the screen names a field (the "parsed partly" marks and the Site health chart). */
export const OVERVIEW_FIELD_LABELS: Record<OverviewField, string> = {
  company_id: 'Company id',
  location: 'Location',
  posted_at: 'Posted date',
  salary: 'Salary',
  seniority: 'Seniority',
  employment_type: 'Employment type',
  description: 'Description',
  applicants: 'Applicants',
};
