import { z } from 'zod';
import { maskKey } from './key-mask';
import { OPINION_JSON_SCHEMA, type ChatMessage } from './prompt';
import { retryAfterMs } from './retry-after';

// One call of an OpenAI-compatible chat-completions endpoint (Ollama, LM Studio, llama.cpp's
// server, OpenAI): plain fetch, the answer parsed with zod. The key goes in the Authorization
// header only; every text this module answers has it masked (key-mask.ts), so a server echoing
// the request in its error body cannot put it in a log or in the settings' last error.

export type ResponseFormat = 'json_schema' | 'json_object';

export interface ChatRequest {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  messages: ChatMessage[];
  format: ResponseFormat;
  timeoutMs: number;
  /** Aborted when the server closes. */
  signal: AbortSignal;
  now: () => number;
}

export type ChatOutcome =
  | { kind: 'answer'; content: string; totalTokens: number | undefined }
  /** The endpoint refused the json_schema response format (a 400 or 422 naming it or not). */
  | { kind: 'format-refused'; status: number }
  /** Nothing usable: try again later (after `retryAfterMs` when the server said so). */
  | { kind: 'failed'; error: string; status?: number; retryAfterMs?: number }
  /** The server is closing: the request was cut, nothing is known. */
  | { kind: 'aborted' };

/** The most of a server's error body kept in an error text. */
const ERROR_BODY_MAX = 200;

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1),
  usage: z.object({ total_tokens: z.number().int().nonnegative().optional() }).nullish(),
});

/** The chat-completions address under a base URL (`…/v1` → `…/v1/chat/completions`). */
export function completionsUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url.href;
}

function responseFormat(format: ResponseFormat): object {
  return format === 'json_schema'
    ? { type: 'json_schema', json_schema: OPINION_JSON_SCHEMA }
    : { type: 'json_object' };
}

/** A failure's text, the key masked out, short. */
function failureText(text: string, key: string | null): string {
  // Cut well past what is kept before masking (a piece cut at the edge is cut off again below).
  const masked = maskKey(text.slice(0, ERROR_BODY_MAX * 20), key)
    .replace(/\s+/g, ' ')
    .trim();
  return masked.length > ERROR_BODY_MAX ? `${masked.slice(0, ERROR_BODY_MAX)}…` : masked;
}

function networkError(error: unknown): string {
  if (!(error instanceof Error)) return 'the request failed';
  const cause = error.cause;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string'
      ? cause.code
      : undefined;
  return code ? `${error.message} (${code})` : error.message;
}

/** Sends the chat and reads its answer; never throws for the endpoint's failures. */
export async function askChat(request: ChatRequest): Promise<ChatOutcome> {
  const { apiKey } = request;
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(completionsUrl(request.baseUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: request.model,
        messages: request.messages,
        temperature: 0,
        response_format: responseFormat(request.format),
      }),
      signal: AbortSignal.any([request.signal, timeout]),
      redirect: 'error',
    });
    text = await res.text();
  } catch (error) {
    if (request.signal.aborted) return { kind: 'aborted' };
    if (timeout.aborted) {
      return { kind: 'failed', error: `no answer within ${request.timeoutMs / 1000} s` };
    }
    return { kind: 'failed', error: failureText(networkError(error), apiKey) };
  }
  if (!res.ok) {
    if (request.format === 'json_schema' && (res.status === 400 || res.status === 422)) {
      return { kind: 'format-refused', status: res.status };
    }
    const wait =
      res.status === 429 || res.status === 503
        ? retryAfterMs(res.headers.get('retry-after'), request.now())
        : undefined;
    return {
      kind: 'failed',
      status: res.status,
      error: failureText(`HTTP ${res.status}: ${text}`, apiKey),
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'failed', error: 'the endpoint answered something other than JSON' };
  }
  const parsed = completionSchema.safeParse(body);
  const content = parsed.success ? parsed.data.choices[0]?.message.content : undefined;
  if (!parsed.success || typeof content !== 'string') {
    return { kind: 'failed', error: 'the endpoint answered no chat completion' };
  }
  return { kind: 'answer', content, totalTokens: parsed.data.usage?.total_tokens };
}
