import { MAX_REQUEST_ATTEMPTS, readServerSentEvents } from '@lendo/shared';
import { clearSession, getAccessToken, getRefreshToken, saveTokens } from './auth-storage';

export const API_BASE = '/api';

/** A non-OK answer of the API: `code` is a translation key, `fields` maps field names to codes. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | undefined | null;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON (never for GET). */
  body?: unknown;
  /** Sent as the query string; undefined and null values are left out. */
  params?: QueryParams;
  /** Calls that must go without the bearer token (sign-in, refresh, reset…); a 401 is then final. */
  noAuth?: boolean;
  /** How to read a successful answer: JSON (the default) or the raw bytes, e.g. an audio file. */
  responseType?: 'json' | 'blob';
  /** Extra request headers, e.g. the Idempotency-Key of a payment. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

let onSessionExpired: () => void = () => window.location.assign('/login');

/** Lets the app route to /login inside the router instead of reloading the page. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** `path` under `base`, with the defined params as its query string. */
export function buildUrl(base: string, path: string, params?: QueryParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const qs = query.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

let serverOffsetMs = 0;

/**
 * The time by the server's clock: this device's clock corrected by what the last API response's
 * Date header said (to the second). Due dates are the server's, so "due now" and "in 10 minutes"
 * are judged by its clock, not one set wrong on the device.
 */
export function serverNow(): Date {
  return new Date(Date.now() + serverOffsetMs);
}

function noteServerTime(response: Response): void {
  const told = Date.parse(response.headers.get('date') ?? '');
  if (Number.isFinite(told)) serverOffsetMs = told + 500 - Date.now();
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = method !== 'GET' && options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  const response = await fetch(buildUrl(API_BASE, path, options.params), {
    method,
    headers,
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  noteServerTime(response);
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

async function toApiError(response: Response, path: string): Promise<ApiError> {
  let body: { message?: unknown; code?: unknown; fields?: unknown } = {};
  try {
    body = ((await readJson(response)) ?? {}) as typeof body;
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status.
  }
  const error = new ApiError(
    typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`,
    response.status,
    typeof body.code === 'string' ? body.code : 'error.unexpected',
    body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined,
  );
  if (import.meta.env.DEV) console.error(`[api] ${path} → ${response.status}`, error);
  return error;
}

/**
 * The body of an answer: its JSON (or its bytes, for responseType 'blob'), or, when it is not OK, an
 * ApiError. The dictionary client reads its answers with it too.
 */
export async function readResponse<T>(
  response: Response,
  path: string,
  responseType: RequestOptions['responseType'] = 'json',
): Promise<T> {
  if (!response.ok) throw await toApiError(response, path);
  return (responseType === 'blob' ? await response.blob() : await readJson(response)) as T;
}

/**
 * The translation key to show for a failed call: the API's own code, or `fallback` when there is
 * none worth showing (a network failure, a proxy's error page).
 */
export function errorCodeOf(error: unknown, fallback = 'error.unexpected'): string {
  return error instanceof ApiError && error.code !== 'error.unexpected' ? error.code : fallback;
}

let refreshing: Promise<void> | null = null;

async function refreshSession(): Promise<void> {
  const stored = getRefreshToken();
  const response = stored
    ? await send(
        '/auth/token/refresh/',
        { method: 'POST', body: { refresh: stored.token }, noAuth: true },
        null,
      )
    : null;
  if (!stored || !response?.ok) {
    clearSession();
    onSessionExpired();
    throw new Error('Invalid refresh token');
  }
  saveTokens((await readJson(response)) as { access: string; refresh?: string }, stored.persistence);
}

/** Every caller that meets a 401 at the same time waits for one refresh: refresh tokens are single-use. */
function refreshOnce(): Promise<void> {
  refreshing ??= refreshSession().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The one HTTP client. Adds the bearer token, shapes errors into ApiError and, on a 401 of an
 * authenticated call, refreshes the session and retries: at most MAX_REQUEST_ATTEMPTS attempts in total.
 * A failed refresh clears the session, sends the user to /login and throws "Invalid refresh token".
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readResponse<T>(await authorized(path, options), path, options.responseType);
}

/** Sends a call with the bearer token, refreshing the session and retrying on a 401. */
async function authorized(path: string, options: RequestOptions): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const token = options.noAuth ? null : getAccessToken();
    const response = await send(path, options, token);
    if (response.status === 401 && !options.noAuth) {
      if (attempt >= MAX_REQUEST_ATTEMPTS) throw new Error('Max retries reached');
      // Another call may have refreshed while this one was in flight: then just retry.
      if (getAccessToken() === token) await refreshOnce();
      continue;
    }
    return response;
  }
}

/**
 * POSTs `body` and reads the answer as server-sent events, each event's data parsed as JSON. A
 * refusal before the stream (any non-2xx answer) throws its ApiError.
 */
export async function* postEventStream<T>(
  path: string,
  body: unknown,
  signal?: AbortSignal,
): AsyncGenerator<T> {
  const response = await authorized(path, {
    method: 'POST',
    body,
    signal,
    headers: { Accept: 'text/event-stream' },
  });
  if (!response.ok || !response.body) throw await toApiError(response, path);
  for await (const { data } of readServerSentEvents(response.body)) yield JSON.parse(data) as T;
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'DELETE' }),
};
