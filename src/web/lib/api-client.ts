/**
 * The Standard Schema interface (standardschema.dev) that every zod schema implements. Validating
 * through it keeps zod's own code out of the entry chunk: the schemas, and the part of zod they
 * need, load with the screens that use them (docs/decisions/003).
 */
export interface ContractSchema<Output> {
  readonly '~standard': {
    readonly validate: (
      value: unknown,
    ) => ValidationResult<Output> | Promise<ValidationResult<Output>>;
  };
}
type ValidationResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly { readonly message: string }[] };
import { API_BASE_PATH } from '../../contract/constants';
import { tokenStore } from './token-store';

/** Where the API lives: same origin unless the build set VITE_API_URL (DESIGN.md). */
// Absolute, from the page's own origin: the same thing in a browser, and it works under jsdom too.
export const API_ROOT = `${(import.meta.env.VITE_API_URL || window.location.origin).replace(/\/+$/, '')}${API_BASE_PATH}`;

export type ApiErrorKind = 'network' | 'http' | 'parse';

/** Every failed call becomes one of these: a value the screens can turn into SPEC.md's texts. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null = null,
    /** The parsed JSON error body, when the server sent one (e.g. current_count, max_allowed). */
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the body itself, with its own media type (a CV upload), instead of JSON. */
  file?: Blob;
  signal?: AbortSignal;
  /** verify and login handle 401 themselves; every other call signs the operator out on 401. */
  handleUnauthorized?: boolean;
}

function headersFor({ body, file }: RequestOptions): Headers {
  const headers = new Headers({ accept: 'application/json' });
  const token = tokenStore.get();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (file) headers.set('content-type', file.type || 'application/octet-stream');
  else if (body !== undefined) headers.set('content-type', 'application/json');
  return headers;
}

async function bodyOf({ body, file }: RequestOptions): Promise<BodyInit | undefined> {
  // The file's bytes rather than the Blob: a browser takes either, and jsdom's Blob (component
  // tests) is not one Node's fetch can read.
  if (file) return file.arrayBuffer();
  return body === undefined ? undefined : JSON.stringify(body);
}

async function send(path: string, options: RequestOptions, accept?: string): Promise<Response> {
  const headers = headersFor(options);
  if (accept) headers.set('accept', accept);
  let response: Response;
  try {
    response = await fetch(`${API_ROOT}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: await bodyOf(options),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('network', 'Network error');
  }
  if (!response.ok) {
    if (response.status === 401 && options.handleUnauthorized !== false)
      tokenStore.notifyUnauthorized();
    throw await httpError(response);
  }
  return response;
}

async function httpError(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      body = Object.fromEntries(Object.entries(parsed));
    }
  } catch {
    // Not JSON: keep the status only.
  }
  const message =
    typeof body?.error === 'string' ? body.error : `Request failed with status ${response.status}`;
  return new ApiError('http', message, response.status, body);
}

/** A JSON call whose answer is parsed with the contract's schema; a mismatch is an ApiError. */
export async function apiRequest<Output>(
  path: string,
  schema: ContractSchema<Output>,
  options: RequestOptions = {},
): Promise<Output> {
  const response = await send(path, options);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError('parse', 'The server sent an answer that is not JSON', response.status);
  }
  const parsed = await schema['~standard'].validate(json);
  if (parsed.issues !== undefined) {
    throw new ApiError(
      'parse',
      `The server sent an unexpected answer for ${path}`,
      response.status,
    );
  }
  return parsed.value;
}

/** A call whose answer's body is not read (a DELETE answering 204 or `{success}`): a 2xx is all. */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  const response = await send(path, options);
  // Read to the end, so the connection is free for the next call.
  await response.arrayBuffer().catch(() => undefined);
}

/** A call whose answer is a file (the .xlsx exports). */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options, '*/*');
  return response.blob();
}

/** A file whose name the server chose: the name from Content-Disposition, when it gave one. */
export async function apiDownloadNamed(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, options, '*/*');
  // Only a plain name is taken: no quotes, slashes or backslashes can come through.
  const match = /filename="([^"/\\]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: await response.blob(), fileName: match?.[1] ?? null };
}

/** Hands a downloaded file to the browser under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
