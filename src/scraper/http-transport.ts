import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type * as Undici from 'undici';
import type { Dispatcher } from 'undici';

export interface TransportRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** Whole request, answer body included. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type TransportFailureKind = 'timeout' | 'network' | 'aborted';

/** A request that got no usable answer. `detail` is short and never holds headers. */
export class TransportFailure extends Error {
  readonly kind: TransportFailureKind;

  constructor(kind: TransportFailureKind, detail: string) {
    super(detail);
    this.name = 'TransportFailure';
    this.kind = kind;
  }
}

export interface Transport {
  send(req: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

export interface UndiciTransportOptions {
  connectTimeoutMs: number;
  /** All traffic goes through this HTTP(S) proxy (SCRAPE_PROXY_URL). */
  proxyUrl?: string;
  /** Answers larger than this are refused (a guard, far above any real page). */
  maxBodyBytes?: number;
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

function flatHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

type UndiciApi = typeof Undici.default;
let undici: Promise<UndiciApi> | null = null;

/** Loads undici once: the runner's start (after the first /healthz answer), or the first request. */
export function preloadUndici(): Promise<UndiciApi> {
  // undici is CommonJS: its module.exports is the import's `default` both in Node and in the
  // server's bundle, where esbuild's chunk names no other export.
  return (undici ??= import('undici').then((module) => module.default));
}

/**
 * undici without redirect following (redirects are inspected by the caller: an auth wall
 * must not be followed), with connect and whole-request timeouts, optional proxy, and
 * decompression of the encodings the browser headers offer.
 */
export function createUndiciTransport(options: UndiciTransportOptions): Transport {
  const connect = { timeout: options.connectTimeoutMs };
  // undici (a megabyte of the server's bundle) is loaded by the first request, or by
  // `preloadUndici` once the server answers /healthz: a start does not wait for it (decision 069).
  let opened: Promise<{ request: UndiciApi['request']; dispatcher: Dispatcher }> | null = null;
  const open = () =>
    (opened ??= preloadUndici().then(({ Agent, ProxyAgent, request }) => ({
      request,
      dispatcher: options.proxyUrl
        ? new ProxyAgent({ uri: options.proxyUrl, connect, proxyTls: connect, requestTls: connect })
        : new Agent({ connect, keepAliveTimeout: 4_000 }),
    })));
  const maxBodyBytes = options.maxBodyBytes ?? 32 * 1024 * 1024;

  return {
    async send(req) {
      const { request, dispatcher } = await open();
      const timeout = AbortSignal.timeout(req.timeoutMs);
      const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
      try {
        const res = await request(req.url, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          dispatcher,
          signal,
          headersTimeout: req.timeoutMs,
          bodyTimeout: req.timeoutMs,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
          size += buffer.length;
          if (size > maxBodyBytes) {
            res.body.destroy();
            throw new TransportFailure('network', `answer larger than ${maxBodyBytes} bytes`);
          }
          chunks.push(buffer);
        }
        const headers = flatHeaders(res.headers);
        let body: string;
        try {
          body = decode(Buffer.concat(chunks), headers['content-encoding']).toString('utf8');
        } catch {
          throw new TransportFailure(
            'network',
            `answer could not be decompressed (${headers['content-encoding'] ?? 'unknown'})`,
          );
        }
        return { status: res.statusCode, headers, body };
      } catch (error) {
        if (error instanceof TransportFailure) throw error;
        if (req.signal?.aborted) throw new TransportFailure('aborted', 'request cancelled');
        const code = errorCode(error);
        if (
          timeout.aborted ||
          (code && TIMEOUT_CODES.has(code)) ||
          errorName(error) === 'TimeoutError'
        ) {
          throw new TransportFailure(
            'timeout',
            code === 'UND_ERR_CONNECT_TIMEOUT' ? 'connect timeout' : 'no answer in time',
          );
        }
        throw new TransportFailure(
          'network',
          code ? `connection failed: ${code}` : 'connection failed',
        );
      }
    },
    async close() {
      // Never opened: nothing to close, and nothing to load for it.
      if (opened) await (await opened).dispatcher.close();
    },
  };
}
