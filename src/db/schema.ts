import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ApplicationEventSource, ApplicationStage } from '../contract';

// Times are stored as milliseconds since the epoch (INTEGER); the API turns them into ISO text.
// Booleans are stored as 0/1 (SQLite has no boolean type).

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  /** SHA-256 of the token: a stolen database cannot be replayed as a session. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface LocationsTable {
  /** The site's geo id. */
  id: number;
  display_name: string;
  seen_at: number;
}

export interface TypeaheadCacheTable {
  /** Normalised query text (trimmed, lower case). */
  query: string;
  /** JSON array of {id, displayName} as answered by the site. */
  response: string;
  fetched_at: number;
}

export interface QueriesTable {
  id: Generated<number>;
  job_title: string;
  location_id: number;
  display_name: string;
  status: 'active' | 'inactive' | 'archived';
  is_ai: number;
  /** Normalised SearchFilters as JSON; '{}' means none (migration 0004). */
  filters: Generated<string>;
  /** The fit profile its jobs are scored against; null for the default (migration 0023). */
  fit_profile_id: Generated<number | null>;
  created_at: number;
  updated_at: number;
}

/** Companies whose numeric id and name are known together (from lookups either way). */
export interface CompaniesTable {
  id: number;
  name: string;
  normalized_name: string;
  slug: string | null;
  updated_at: number;
}

/** Cache of name → id resolutions through the COMPANY typeahead, negative answers included. */
export interface CompanyIdLookupsTable {
  normalized_name: string;
  company_id: number | null;
  looked_up_at: number;
}

export interface BannedCompaniesTable {
  id: number;
  /** Empty until the name is known (DESIGN.md: blocked even when no name is found). */
  normalized_name: string;
  created_at: number;
}

export interface BatchesTable {
  id: Generated<number>;
  kind: 'daily' | 'manual';
  status: 'running' | 'enriching' | 'completed' | 'failed';
  started_at: number | null;
  finished_at: number | null;
  error: string | null;
  /** The calendar day (YYYY-MM-DD in TZ) a daily batch was claimed for; unique, so one a day. */
  daily_date: string | null;
  jobs_to_enrich: number;
  jobs_enriched: number;
  /** When the operator asked to cancel it (migration 0006); the runner then ends it failed. */
  cancel_requested_at: Generated<number | null>;
}

export interface QueryRunsTable {
  id: Generated<number>;
  batch_id: number;
  query_id: number;
  job_title: string;
  location: string;
  location_id: number;
  is_ai: number;
  status: 'running' | 'completed' | 'failed';
  start_time: number | null;
  end_time: number | null;
  error: string | null;
  pages_fetched: number;
  jobs_found: number;
  /** Absolute result offset to resume from after a restart. */
  next_start: number;
  /** Standard runs: how the search was asked (migration 0004); null for AI runs and older rows. */
  search_mode: 'full' | 'incremental' | null;
  /** Hash of the search term, place and filters searched (docs/decisions/017). */
  search_fingerprint: string | null;
  /** JSON of the extra guest-search parameters sent (f_TPR, f_WT…), for a resumed run. */
  search_params: string | null;
}

export interface JobsTable {
  /** The site's job id (as text: it can exceed 2^53 in principle). */
  id: string;
  title: string;
  company_name: string;
  company_slug: string | null;
  company_normalized: string;
  company_id: number | null;
  location: string;
  posted_at: string | null;
  salary: string | null;
  url: string;
  seniority: string | null;
  employment_type: string | null;
  job_function: string | null;
  industries: string | null;
  applicants: string | null;
  easy_apply: number | null;
  first_seen_batch_id: number;
  first_seen_at: number;
  details_fetched_at: number | null;
  details_error: string | null;
  /** The batch whose enrichment recorded details_error (migration 0002). */
  details_error_batch_id: number | null;
  /** Triage (migration 0007): new until the operator opens it. */
  state: Generated<'new' | 'seen' | 'saved' | 'applied' | 'hidden'>;
  /** When a search last showed the job (migration 0007). */
  last_seen_at: Generated<number>;
  /** Where the work is done, when the data says so (migration 0007). */
  workplace: 'remote' | 'hybrid' | 'on-site' | null;
  /** The rule that set the state hidden, while nobody has changed it since (migration 0008). */
  hidden_by_rule_id: Generated<number | null>;
  /** The state that rule replaced (new or seen), for bringing the job back. */
  state_before_rule: Generated<'new' | 'seen' | null>;
  /** The rule that keeps the job out of notifications (migration 0008). */
  muted_by_rule_id: Generated<number | null>;
  /** Hash of company, normalised title and place: what a repost shares (migration 0009). */
  repost_key: Generated<string | null>;
  /** Hash of company and normalised title: the same role wherever it is (migration 0009). */
  role_key: Generated<string | null>;
  /** The role key once the role is stored in two or more places: its list group. */
  group_key: Generated<string | null>;
  /** The earlier job this one reposts, and the first job of its chain (migration 0009). */
  repost_of: Generated<string | null>;
  repost_root: Generated<string | null>;
  /** 1 when descriptions confirmed the repost, 0 while it rests on the card alone. */
  repost_confirmed: Generated<number | null>;
  /** The state triage carried over from the earlier job (undone if it proves no repost). */
  repost_carried: Generated<'hidden' | 'saved' | 'seen' | null>;
  /** MinHash signature of the description (src/contract/repost-keys.ts). */
  description_minhash: Generated<Buffer | null>;
  /** The saved query whose run stored the job first (migration 0018, docs/decisions/055). */
  first_query_id: Generated<number | null>;
  /** first_seen_at's calendar day (YYYY-MM-DD) in the server's zone when it was stored. */
  first_seen_day: Generated<string | null>;
  /** The salary text as one yearly figure in its currency (src/contract/salary-figures.ts). */
  salary_currency: Generated<string | null>;
  salary_yearly: Generated<number | null>;
  /** The applicants caption as a number ("Over 200 applicants": 200). */
  applicants_count: Generated<number | null>;
  /** When its page was first found closed (migration 0021, docs/decisions/062); null while open. */
  closed_at: Generated<number | null>;
  /** The employer's own apply address (http(s) only) as the page last gave it. */
  apply_url: Generated<string | null>;
  /** When its page was last read (the details, or a re-check). */
  last_checked_at: Generated<number | null>;
  /** The company's numeric id as the job's own page gave it; company_id follows it. */
  page_company_id: Generated<number | null>;
  /** Its best fit among the profiles that score it, and that profile (migration 0023). */
  fit_score: Generated<number | null>;
  fit_profile_id: Generated<number | null>;
  /**
   * When a re-check first found its page gone (HTTP 404, migration 0024, decision 065); a later
   * read clears it, a second 404 on another day marks the job closed.
   */
  recheck_gone_at: Generated<number | null>;
}

/**
 * A job's description, apart from its row (migration 0015, docs/decisions/044): written once
 * its details page is read, deleted with the job.
 */
export interface JobDescriptionsTable {
  job_id: string;
  /** Plain text, as the rules, the search index and the exports read it. */
  description: string | null;
  /** The description sanitised for display (migration 0007). */
  description_html: string | null;
}

export interface QueryRunJobsTable {
  query_run_id: number;
  job_id: string;
  rank: number;
}

/** A notification channel (migration 0005); `settings` is JSON holding the kind's fields and secret. */
export interface NotificationChannelsTable {
  id: Generated<number>;
  name: string;
  kind: 'email' | 'webhook' | 'slack' | 'discord' | 'ntfy';
  enabled: number;
  /** JSON array of event names. */
  events: string;
  only_new_jobs: number;
  settings: string;
  created_at: number;
  updated_at: number;
}

/** One message for one channel, delivered in the background (migration 0005). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  channel_id: number;
  event:
    | 'batch_finished'
    | 'batch_failed'
    | 'cookies_rejected'
    | 'markup_drift'
    | 'reminder'
    | 'job_closed'
    | 'test';
  batch_id: number | null;
  /** JSON of the channel-neutral message (src/server/notifications/message.ts). */
  message: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number;
  /** A worker that claimed the row owns it until then; a crashed one's claim simply runs out. */
  lease_until: number | null;
  error: string | null;
  created_at: number;
  delivered_at: number | null;
}

/** What the site last said about the stored cookies (migration 0006): one row, id 1. */
export interface CookieStatusTable {
  id: number;
  state: 'valid' | 'rejected';
  source: 'check' | 'batch';
  batch_id: number | null;
  checked_at: number;
  /** SHA-256 (hex) of the cookies the answer was about: new cookies are not yet checked. */
  cookies_sha256: string;
}

/** A rule (migration 0008); conditions and exceptions are JSON lists of {field, value}. */
export interface RulesTable {
  id: Generated<number>;
  name: string;
  conditions: string;
  match: 'any' | 'all';
  exceptions: string;
  action: 'hide' | 'flag' | 'mute';
  color: string | null;
  enabled: number;
  position: number;
  created_at: number;
  updated_at: number;
  /** Kept after deletion so the jobs it hid still name it and can be brought back. */
  deleted_at: number | null;
}

/** A flag rule's label on a job (migration 0008). */
export interface JobFlagsTable {
  rule_id: number;
  job_id: string;
}

/** An API token for scripts and tools (migration 0010): the secret itself is never stored. */
export interface ApiTokensTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the whole token, prefix included. */
  token_hash: string;
  name: string;
  scope: 'read-only' | 'read-write';
  created_at: number;
  /** null: never expires. */
  expires_at: number | null;
  /** To within API_TOKEN_LAST_USED_GRANULARITY_MS; null until first used. */
  last_used_at: number | null;
  revoked_at: number | null;
}

/** One row (id 1): moved on by triggers at any change to `rules` (migration 0011). */
export interface RulesVersionTable {
  id: number;
  version: number;
}

/** Issue 32: a completed batch's fill of one field, and its drift verdict (decision 054). */
export interface BatchFieldFillsTable {
  batch_id: number;
  field: string;
  filled: number;
  total: number;
  verdict: 'unjudged' | 'not-given' | 'ok' | 'drift';
  /** Whether the field was drifting after this batch (1), read by the next batch's verdict. */
  drifting: number;
}

/** Issue 32: what a batch cost the site (migration 0019); a resumed batch adds to its row. */
export interface BatchSiteCountsTable {
  batch_id: number;
  /** Attempts at the batch's own calls (searches, details, companies), retries included. */
  requests: number;
  /** Of those, the site's refusals (429 and 999). */
  rate_limited: number;
  retries: number;
  /** Waits before a retry, and their total length. */
  pauses: number;
  pause_ms: number;
  /** Jobs whose details failed in the batch. */
  failed_details: number;
}

/**
 * Per day and saved query, the jobs it stored first with each value of each facet (migration
 * 0018, docs/decisions/055): written only by the triggers of src/db/jobs/day-facets.ts, as
 * job_facet_totals.
 */
export interface JobDayFacetsTable {
  /** kind, state, company, workplace, seniority, employment_type, easy_apply, salary:<currency>, applicants, details. */
  facet: string;
  day: string;
  query_id: number;
  value: string;
  /** May be 0 once its last job moved on. */
  jobs: number;
}

/** The facets of JobDayFacetsTable the Market reads as totals, over every day (migration 0018). */
export interface JobFacetTotalsTable {
  facet: string;
  query_id: number;
  value: string;
  jobs: number;
}

/**
 * A job in the application pipeline (migration 0020, docs/decisions/056), keyed by the job.
 * `left_at` is set while Jobs triage has taken the job out of saved/applied: off the board, its
 * history and notes kept for when it comes back.
 */
export interface ApplicationsTable {
  job_id: string;
  stage: ApplicationStage;
  /** The `at` of the application's latest history entry. */
  stage_since: number;
  created_at: number;
  updated_at: number;
  notes: Generated<string>;
  reference: string | null;
  salary_asked: string | null;
  salary_offered: string | null;
  /** Both set or both null. */
  next_step_at: number | null;
  next_step_what: string | null;
  left_at: Generated<number | null>;
}

/** A stage change (migration 0020): `at` is when it happened and may be corrected. */
export interface ApplicationEventsTable {
  id: Generated<number>;
  job_id: string;
  stage: ApplicationStage;
  at: number;
  recorded_at: number;
  source: ApplicationEventSource;
  /** The next step this move ended (migration 0022): both set or both null. */
  ended_step_at: number | null;
  ended_step_what: string | null;
}

export interface ApplicationContactsTable {
  id: Generated<number>;
  job_id: string;
  name: string;
  role: string | null;
  email: string | null;
  url: string | null;
  created_at: number;
}

/** A reminder queued in the outbox for a next step at `step_at`: at most once per kind. */
export interface ApplicationRemindersTable {
  job_id: string;
  step_at: number;
  kind: 'lead' | 'due';
  queued_at: number;
}

/** The calendar feed's secret (migration 0020): only its SHA-256 is kept; one unrevoked at a time. */
export interface CalendarFeedTokensTable {
  id: Generated<number>;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A job whose closing `job_closed` told (migration 0024): once per job, whatever happens after. */
export interface JobClosedNoticesTable {
  job_id: string;
  queued_at: number;
}

export interface Database {
  settings: SettingsTable;
  auth_tokens: AuthTokensTable;
  locations: LocationsTable;
  typeahead_cache: TypeaheadCacheTable;
  queries: QueriesTable;
  companies: CompaniesTable;
  company_id_lookups: CompanyIdLookupsTable;
  banned_companies: BannedCompaniesTable;
  batches: BatchesTable;
  query_runs: QueryRunsTable;
  jobs: JobsTable;
  job_descriptions: JobDescriptionsTable;
  query_run_jobs: QueryRunJobsTable;
  notification_channels: NotificationChannelsTable;
  notification_outbox: NotificationOutboxTable;
  cookie_status: CookieStatusTable;
  rules: RulesTable;
  job_flags: JobFlagsTable;
  api_tokens: ApiTokensTable;
  rules_version: RulesVersionTable;
  batch_field_fills: BatchFieldFillsTable;
  batch_site_counts: BatchSiteCountsTable;
  job_day_facets: JobDayFacetsTable;
  job_facet_totals: JobFacetTotalsTable;
  applications: ApplicationsTable;
  application_events: ApplicationEventsTable;
  application_contacts: ApplicationContactsTable;
  application_reminders: ApplicationRemindersTable;
  calendar_feed_tokens: CalendarFeedTokensTable;
  job_closed_notices: JobClosedNoticesTable;
  fit_profiles: FitProfilesTable;
  job_fits: JobFitsTable;
  fit_state: FitStateTable;
  fit_opinion_queue: FitOpinionQueueTable;
  fit_second_opinions: FitSecondOpinionsTable;
  fit_opinion_usage: FitOpinionUsageTable;
}

/** A fit profile (migration 0023, docs/decisions/063). */
export interface FitProfilesTable {
  id: Generated<number>;
  name: string;
  /** The name folded (lower case): names are unique whatever their case. */
  name_key: string;
  is_default: number;
  /** Up by one whenever what the scorer reads of it changes (or the alias list does). */
  version: number;
  /** The profile's scored fields as JSON (FitProfileWrite without name and is_default). */
  body: string;
  created_at: number;
  updated_at: number;
}

/** A job's score against one profile, with its parts (migration 0023). */
export interface JobFitsTable {
  job_id: string;
  profile_id: number;
  profile_version: number;
  score: number;
  dealbreaker: number;
  source: 'card' | 'details';
  /** FitPart[] as JSON. */
  parts: string;
  scored_at: number;
}

/**
 * One row: `generation` moves on with every change that can change a score (triggers on
 * fit_profiles and queries.fit_profile_id); the pass fields are the background rescoring's place.
 */
export interface FitStateTable {
  id: number;
  generation: number;
  pass_generation: number;
  pass_after: string | null;
  pass_done: number;
  pass_started_at: number | null;
}

/** A job waiting for the language model's second opinion (migration 0026, decision 067). */
export interface FitOpinionQueueTable {
  id: Generated<number>;
  job_id: string;
  profile_id: number;
  profile_version: number;
  batch_id: number | null;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  next_attempt_at: number;
  /** Set while a worker holds it; a lease run out (a killed process) frees it. */
  lease_until: number | null;
  /** The last failure, the key masked out of it. */
  error: string | null;
  created_at: number;
  done_at: number | null;
}

/** A model's answer for a job and a profile's version (migration 0026). */
export interface FitSecondOpinionsTable {
  job_id: string;
  profile_id: number;
  profile_version: number;
  score: number;
  verdict: string;
  /** SecondOpinionPoint[] as JSON, their quotes found in the job's text. */
  strengths: string;
  gaps: string;
  dropped_quotes: number;
  model: string;
  tokens: number;
  created_at: number;
}

/** Tokens the endpoint used per day in the server's time zone (migration 0026). */
export interface FitOpinionUsageTable {
  day: string;
  tokens: number;
  requests: number;
  estimated_tokens: number;
}

export type QueryRow = Selectable<QueriesTable>;
export type NewQueryRow = Insertable<QueriesTable>;
export type QueryUpdate = Updateable<QueriesTable>;
export type BatchRow = Selectable<BatchesTable>;
export type QueryRunRow = Selectable<QueryRunsTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
