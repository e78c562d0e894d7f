import { z } from 'zod/mini';
import { fetchBadPort } from './fetch-bad-ports';
import { strictError } from './pipeline';

// Fit's second opinion from a language model (issue 40, docs/decisions/067): an OpenAI-compatible
// chat-completions endpoint the operator names (Ollama, LM Studio, llama.cpp's server, OpenAI),
// asked about the top N new jobs of each batch by local fit. Nothing leaves the machine while no
// base URL is set. The key is write-only: no answer carries it, only whether one is set.

/** The top N new jobs of a batch by local fit that are sent; 0 turns the second opinion off. */
export const FIT_LLM_TOP_N_DEFAULT = 5;
export const FIT_LLM_TOP_N_MAX = 50;
/**
 * Tokens a day by default: a job's prompt (profile and description) is about 1,500–2,500 tokens
 * and its answer about 300, so 50,000 holds 5 jobs a batch for several batches a day.
 */
export const FIT_LLM_DAILY_TOKENS_DEFAULT = 50_000;
export const FIT_LLM_DAILY_TOKENS_MAX = 100_000_000;
/** How long one answer may take: a local model on a CPU is slow. */
export const FIT_LLM_TIMEOUT_SECONDS_DEFAULT = 120;
export const FIT_LLM_TIMEOUT_SECONDS_MAX = 600;
export const FIT_LLM_BASE_URL_MAX = 2_000;
export const FIT_LLM_MODEL_MAX = 200;
export const FIT_LLM_KEY_MAX = 1_000;
/** Days of token use the settings answer (today first). */
export const FIT_LLM_USAGE_DAYS = 14;

/** The second opinion's score, like the local one: 0–100. */
export const FIT_LLM_SCORE_MAX = 100;
/** The verdict is one line. */
export const FIT_LLM_VERDICT_MAX = 300;
/** Strengths and gaps kept, each at most. */
export const FIT_LLM_POINTS_MAX = 8;
export const FIT_LLM_POINT_MAX = 300;
export const FIT_LLM_QUOTE_MAX = 500;

const wholeIn = (field: string, min: number, max: number) => {
  const error = `${field} must be a whole number from ${min} to ${max}`;
  return z
    .number({ error })
    .check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max, { error }));
};

/** An http(s) address: the endpoint's base, as `…/v1` (the path /chat/completions is added). */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function hasUserInfo(text: string): boolean {
  try {
    const url = new URL(text);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** What the operator writes: PUT /fit/llm/settings. */
export const fitLlmSettingsBodySchema = z.strictObject(
  {
    /** The endpoint's base URL (`http://localhost:11434/v1`); null: nothing is ever sent. */
    base_url: z.nullable(
      z.string({ error: 'base_url must be an http(s) URL or null' }).check(
        z.trim(),
        z.maxLength(FIT_LLM_BASE_URL_MAX, {
          error: `base_url must be at most ${FIT_LLM_BASE_URL_MAX} characters`,
        }),
        z.refine(isHttpUrl, { error: 'base_url must be an http(s) URL or null' }),
        z.refine((url) => fetchBadPort(url) === null, {
          error: 'base_url uses a port that fetch refuses to connect to',
        }),
        // The address is shown and logged; a secret belongs in api_key, which is neither.
        z.refine((url) => !hasUserInfo(url), {
          error: 'base_url must not hold a user name or password: put the key in api_key',
        }),
      ),
    ),
    model: z.string({ error: 'model must be text' }).check(
      z.trim(),
      z.maxLength(FIT_LLM_MODEL_MAX, {
        error: `model must be at most ${FIT_LLM_MODEL_MAX} characters`,
      }),
    ),
    /**
     * Write-only. Absent: the stored key stays; null or '': no key; text: the new key. Never
     * answered, logged or quoted in an error.
     */
    api_key: z.optional(
      z.nullable(
        z.string({ error: 'api_key must be text or null' }).check(
          z.maxLength(FIT_LLM_KEY_MAX, {
            error: `api_key must be at most ${FIT_LLM_KEY_MAX} characters`,
          }),
          z.refine((key) => !/[\r\n]/.test(key), {
            error: 'api_key must be one line',
          }),
        ),
      ),
    ),
    top_n: wholeIn('top_n', 0, FIT_LLM_TOP_N_MAX),
    daily_token_budget: wholeIn('daily_token_budget', 1, FIT_LLM_DAILY_TOKENS_MAX),
    timeout_seconds: z.optional(wholeIn('timeout_seconds', 1, FIT_LLM_TIMEOUT_SECONDS_MAX)),
  },
  {
    error: strictError('{base_url, model, api_key?, top_n, daily_token_budget, timeout_seconds?}'),
  },
);
export type FitLlmSettingsBody = z.output<typeof fitLlmSettingsBodySchema>;

/** The settings as stored (the key with them, never answered). */
export const fitLlmStoredSettingsSchema = z.object({
  base_url: z.nullable(z.string()),
  model: z.string(),
  api_key: z.nullable(z.string()),
  top_n: z.int(),
  daily_token_budget: z.int(),
  timeout_seconds: z.int(),
});
export type FitLlmStoredSettings = z.infer<typeof fitLlmStoredSettingsSchema>;
export const FIT_LLM_SETTINGS_DEFAULT: FitLlmStoredSettings = {
  base_url: null,
  model: '',
  api_key: null,
  top_n: FIT_LLM_TOP_N_DEFAULT,
  daily_token_budget: FIT_LLM_DAILY_TOKENS_DEFAULT,
  timeout_seconds: FIT_LLM_TIMEOUT_SECONDS_DEFAULT,
};

/** One day's use of the endpoint. */
export const fitLlmUsageDaySchema = z.object({
  /** YYYY-MM-DD in the server's time zone. */
  day: z.string(),
  tokens: z.int(),
  requests: z.int(),
  /** Of `tokens`, those estimated (an answer without usage.total_tokens). */
  estimated_tokens: z.int(),
});
export type FitLlmUsageDay = z.infer<typeof fitLlmUsageDaySchema>;

/** GET /fit/llm/settings, and PUT's answer. */
export const fitLlmSettingsAnswerSchema = z.object({
  base_url: z.nullable(z.string()),
  model: z.string(),
  /** Whether a key is stored: the key itself is never answered. */
  api_key_set: z.boolean(),
  top_n: z.int(),
  daily_token_budget: z.int(),
  timeout_seconds: z.int(),
  /** True when a base URL and a model are set and top_n > 0: jobs are being sent. */
  active: z.boolean(),
  /** The last FIT_LLM_USAGE_DAYS days, today first (days without use at 0). */
  usage: z.array(fitLlmUsageDaySchema),
  /** Jobs waiting for their opinion, and those given up on. */
  queue: z.object({
    pending: z.int(),
    failed: z.int(),
    /** Sending waits for tomorrow: today's budget is spent. */
    budget_spent: z.boolean(),
  }),
  /** The last failure's text (the key masked out of it); null after a success. */
  last_error: z.nullable(z.string()),
});
export type FitLlmSettingsAnswer = z.infer<typeof fitLlmSettingsAnswerSchema>;

// The answer as a job's detail carries it lives apart (fit-opinion.ts): the Jobs screen loads it
// without this module's settings.
export * from './fit-opinion';
