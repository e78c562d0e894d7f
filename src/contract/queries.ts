import { z } from 'zod/mini';
import { positiveInteger } from './common';
import { JOB_TITLE_MAX_LENGTH } from './constants';
import { NO_FILTERS, searchFiltersSchema, searchFiltersWriteSchema } from './search-filters';

export const queryStatusSchema = z.enum(['active', 'inactive', 'archived']);
export type QueryStatus = z.infer<typeof queryStatusSchema>;

export const querySchema = z.object({
  id: z.int(),
  job_title: z.string(),
  location_id: z.int(),
  display_name: z.string(),
  status: queryStatusSchema,
  is_ai: z.boolean(),
  /** Issue 10; an answer without them (an older server) reads as no filters. */
  filters: z._default(searchFiltersSchema, () => ({ ...NO_FILTERS })),
  /**
   * Issue 40: the fit profile its jobs are scored against; null for the default profile. Always
   * sent by this server; optional for the clients written before it.
   */
  fit_profile_id: z.optional(z.nullable(z.int())),
});
export type Query = z.output<typeof querySchema>;
export const queryListSchema = z.array(querySchema);

// A missing field and a field of the wrong type get different messages, each naming the field.
const required = (field: string, wrongType: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `${field} is required` : wrongType;

const LOCATION_ID_MESSAGE = 'location_id must be a positive integer';
const FIT_PROFILE_ID_MESSAGE = "fit_profile_id must be a fit profile's id, or null for the default";

/** Body of POST /queries and PUT /queries/{id}; messages name the field (issue 3). */
export const queryWriteSchema = z.object({
  job_title: z.string({ error: required('job_title', 'job_title must be a string') }).check(
    z.trim(),
    z.minLength(1, { error: 'job_title is required' }),
    z.maxLength(JOB_TITLE_MAX_LENGTH, {
      error: `job_title must be at most ${JOB_TITLE_MAX_LENGTH} characters`,
    }),
  ),
  location_id: positiveInteger(LOCATION_ID_MESSAGE, required('location_id', LOCATION_ID_MESSAGE)),
  status: z.enum(queryStatusSchema.options, {
    error: required('status', 'status must be one of active, inactive, archived'),
  }),
  is_ai: z.boolean({ error: required('is_ai', 'is_ai must be a boolean') }),
  /**
   * Optional (issue 10): absent on create means no filters, absent on edit keeps the stored ones,
   * so a body with only SPEC.md's fields behaves exactly as SPEC.md says.
   */
  filters: z.optional(searchFiltersWriteSchema),
  /**
   * Optional (issue 40): the fit profile to score its jobs against, null for the default one.
   * Absent on create means the default, absent on edit keeps the stored one.
   */
  fit_profile_id: z.optional(
    z.nullable(
      positiveInteger(FIT_PROFILE_ID_MESSAGE, required('fit_profile_id', FIT_PROFILE_ID_MESSAGE)),
    ),
  ),
});
export type QueryWrite = z.infer<typeof queryWriteSchema>;

/** 409 body when a create would pass the limit (SPEC.md §3 "Query limit error"). */
export const queryLimitErrorSchema = z.object({
  error: z.string(),
  current_count: z.int(),
  max_allowed: z.int(),
});
export type QueryLimitError = z.infer<typeof queryLimitErrorSchema>;
