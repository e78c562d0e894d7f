import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

// A small OpenAI-compatible chat-completions server of our own, for the second opinion's tests
// (docs/decisions/067): it answers each request by the next behaviour in its script (then `ok`),
// and keeps what it was sent. An `ok` answer quotes the job's title and the first words of its
// description from the prompt, so its quotes are real; `invent` adds one that is not.

export type FakeBehaviour =
  /** A well-formed opinion with real quotes and usage.total_tokens. */
  | 'ok'
  /** As ok, without usage (the tokens are estimated). */
  | 'ok-no-usage'
  /** As ok, plus a strength and a gap whose quotes are in no job. */
  | 'invent'
  /** Answers ok after `ms`. */
  | { slow: number }
  /** 429 with this Retry-After header. */
  | { status429: string }
  /** 500 with a body echoing the request's Authorization header, whole and in pieces. */
  | 'echo-500'
  /** 400 when asked for json_schema (a server that knows only json_object). */
  | 'refuse-schema'
  /** 200 whose message content is not JSON. */
  | 'malformed'
  /** Never answers until released (or the client gives up). */
  | 'hang';

export interface FakeRequest {
  at: number;
  authorization: string | undefined;
  body: ChatBody;
}

const chatBodySchema = z.object({
  model: z.string(),
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
  response_format: z.object({ type: z.string() }).optional(),
});
type ChatBody = z.infer<typeof chatBodySchema>;

export interface FakeLlmServer {
  /** The base URL to set (`http://127.0.0.1:port/v1`). */
  url: string;
  /** Behaviours for the next requests, in order. */
  script(...behaviours: FakeBehaviour[]): void;
  requests: FakeRequest[];
  /** Lets every hanging request end (the client has usually gone). */
  release(): void;
  close(): Promise<void>;
}

/** The score every `ok` answer gives. */
export const FAKE_SCORE = 77;
/** usage.total_tokens of every `ok` answer. */
export const FAKE_TOTAL_TOKENS = 321;
export const INVENTED_QUOTE = 'ten years of COBOL on mainframes is required';

/** The job's title and its description's first words, read back from the prompt. */
function jobQuotes(body: ChatBody): { title: string; opening: string } {
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  const title = /^Title: (.*)$/m.exec(user)?.[1] ?? '';
  const description = user.split('Description:\n')[1] ?? '';
  const opening = description.split(/\s+/).filter(Boolean).slice(0, 6).join(' ');
  return { title, opening };
}

function opinion(body: ChatBody, invent: boolean): string {
  const { title, opening } = jobQuotes(body);
  const strengths = [{ point: 'The role is the one wanted', quote: title }];
  const gaps = [{ point: 'Read the opening closely', quote: opening }];
  if (invent) {
    strengths.push({ point: 'Mainframe experience', quote: INVENTED_QUOTE });
    gaps.push({ point: 'A made-up requirement', quote: 'must hold a pilot licence' });
  }
  return JSON.stringify({ score: FAKE_SCORE, verdict: 'A good fit\nwith gaps', strengths, gaps });
}

function completion(content: string, usage: boolean): string {
  return JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    ...(usage ? { usage: { total_tokens: FAKE_TOTAL_TOKENS } } : {}),
  });
}

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const script: FakeBehaviour[] = [];
  const requests: FakeRequest[] = [];
  const hanging = new Set<() => void>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body = chatBodySchema.parse(JSON.parse(raw));
      requests.push({ at: Date.now(), authorization: req.headers.authorization, body });
      const behaviour = script.shift() ?? 'ok';
      const json = (status: number, text: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(text);
      };
      if (behaviour === 'ok' || behaviour === 'ok-no-usage' || behaviour === 'invent') {
        json(200, completion(opinion(body, behaviour === 'invent'), behaviour !== 'ok-no-usage'));
      } else if (behaviour === 'echo-500') {
        const auth = req.headers.authorization ?? '';
        const key = auth.replace(/^Bearer /, '');
        json(
          500,
          JSON.stringify({
            error: `Internal error handling ${auth}; key ${key.toUpperCase()} piece ${key.slice(3, 12)}`,
          }),
        );
      } else if (behaviour === 'refuse-schema') {
        if (body.response_format?.type === 'json_schema') {
          json(400, JSON.stringify({ error: 'response_format json_schema is not supported' }));
        } else json(200, completion(opinion(body, false), true));
      } else if (behaviour === 'malformed') {
        json(200, completion('Sure! Here is my opinion: it fits well.', true));
      } else if (behaviour === 'hang') {
        hanging.add(() => {
          if (!res.destroyed) json(200, completion(opinion(body, false), true));
        });
      } else if ('slow' in behaviour) {
        const timer = setTimeout(() => {
          if (!res.destroyed) json(200, completion(opinion(body, false), true));
        }, behaviour.slow);
        res.on('close', () => clearTimeout(timer));
      } else {
        json(429, JSON.stringify({ error: 'rate limited' }), {
          'retry-after': behaviour.status429,
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = z
    .custom<AddressInfo>((a) => typeof a === 'object' && a !== null)
    .parse(server.address());
  const release = () => {
    for (const answer of hanging) answer();
    hanging.clear();
  };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    script: (...behaviours) => script.push(...behaviours),
    requests,
    release,
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
