import type { FitLlmSettingsAnswer } from '../../../../../contract/fit-llm';

/** The settings' answer before anything is set: no address, default N and budget, no use. */
export const FIT_LLM_ANSWER: FitLlmSettingsAnswer = {
  base_url: null,
  model: '',
  api_key_set: false,
  top_n: 5,
  daily_token_budget: 50_000,
  timeout_seconds: 120,
  active: false,
  usage: Array.from({ length: 14 }, (_, i) => ({
    day: `2026-11-${String(28 - i).padStart(2, '0')}`,
    tokens: 0,
    requests: 0,
    estimated_tokens: 0,
  })),
  queue: { pending: 0, failed: 0, budget_spent: false },
  last_error: null,
};
