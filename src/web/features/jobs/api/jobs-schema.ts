// PROVISIONAL: mirrors the agreed shape until src/contract/jobs.ts lands; then re-exported from there.
import { z } from 'zod/mini';

export const jobStateSchema = z.enum(['new', 'seen', 'saved', 'applied', 'hidden']);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobListItemSchema = z.object({
  id: z.int(),
  title: z.string(),
  company_name: z.nullable(z.string()),
  company_id: z.nullable(z.int()),
  location: z.nullable(z.string()),
  posted_at: z.nullable(z.string()),
  salary: z.nullable(z.string()),
  easy_apply: z.boolean(),
  applicants: z.nullable(z.string()),
  workplace: z.nullable(z.string()),
  search_terms: z.array(z.string()),
  state: jobStateSchema,
  first_seen_at: z.string(),
  url: z.string(),
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

export const jobListSchema = z.object({
  items: z.array(jobListItemSchema),
  next_cursor: z.nullable(z.string()),
  total: z.int(),
});
export type JobList = z.infer<typeof jobListSchema>;

export const jobFoundBySchema = z.object({
  run_id: z.int(),
  batch_id: z.int(),
  query_id: z.int(),
  search_term: z.string(),
  search_location: z.string(),
});

export const jobDetailSchema = z.extend(jobListItemSchema, {
  seniority: z.nullable(z.string()),
  employment_type: z.nullable(z.string()),
  job_function: z.nullable(z.string()),
  industries: z.nullable(z.string()),
  description_html: z.nullable(z.string()),
  found_by: z.array(jobFoundBySchema),
  last_seen_at: z.string(),
  company_blocked: z.boolean(),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const jobStateResponseSchema = z.object({ id: z.int(), state: jobStateSchema });
export const bulkJobStateResponseSchema = z.object({ updated: z.int() });
