/**
 * Thin fetch wrapper for the server's JSON API. Every failure, including a network failure,
 * surfaces as an ApiError so callers handle one error type.
 */
import type { KnownErrorCode } from '../../shared/error-codes.js';

/** The server's error body: `{ "error": { "code", "message", "fields"? } }` (DESIGN, HTTP surface). */
export type ApiErrorFields = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiErrorFields | undefined;

  constructor(status: number, code: string, message: string, fields?: ApiErrorFields) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/**
 * The code of a failed call, typed as the server's list (src/shared/error-codes.ts) so that a check
 * against a misspelt or retired code fails the type-check. Only the type is imported: the list
 * itself stays out of every visitor's first load, and a code outside it simply matches no check.
 */
export function errorCodeOf(error: unknown): KnownErrorCode | null {
  return error instanceof ApiError ? (error.code as KnownErrorCode) : null;
}

/** Status used when no HTTP response arrived at all (offline, DNS, connection reset). */
export const NETWORK_ERROR_STATUS = 0;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFields(value: unknown): ApiErrorFields | undefined {
  if (!isRecord(value)) return undefined;
  const fields: ApiErrorFields = {};
  for (const [name, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[name] = message;
  }
  return fields;
}

/**
 * Builds the ApiError for a failed response. Proxies and crashed upstreams answer with HTML or
 * an empty body, so anything that is not the server's error shape falls back to the status text.
 */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error) && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError(status, error.code, error.message, readFields(error.fields));
  }
  return new ApiError(status, 'http_error', statusText || `HTTP ${status}`);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type RequestOptions = { signal?: AbortSignal | undefined; headers?: Record<string, string> | undefined };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself; a manual Content-Type would break it.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    // An aborted request is a cancellation, not a failure; TanStack Query relies on seeing it as such.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(NETWORK_ERROR_STATUS, 'network_error', cause instanceof Error ? cause.message : String(cause));
  }

  const data = await readJson(response);
  if (!response.ok) throw toApiError(response.status, response.statusText, data);
  return data as T;
}

export function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

export function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('POST', path, body, options);
}

export function apiPut<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('PUT', path, body, options);
}

export function apiPatch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('PATCH', path, body, options);
}

/** `body` for deletions that name what to delete (e.g. a selection of subscribers). */
export function apiDelete<T>(path: string, options: RequestOptions & { body?: unknown } = {}): Promise<T> {
  const { body, ...rest } = options;
  return request<T>('DELETE', path, body, rest);
}
