import { API, ERROR_CODES } from '@makazi/domain';

import { currentLanguage } from './i18n';

export const NETWORK_ERROR_MESSAGE = 'Something went wrong, Check your network and try again later.';
const FALLBACK_ERROR_MESSAGE = 'An error occurred';
const API_PREFIX = '/api';
const REFRESH_PATH = API.auth.refreshAccessToken;

export type ApiFieldError = { path: string; message: string };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: ApiFieldError[] | undefined;
  /** The parsed error body, for answers that carry more than a message (a login conflict). */
  readonly body: unknown;
  /** Seconds the server asks to wait before trying again (Retry-After of a 429). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message: string,
    code?: string,
    errors?: ApiFieldError[],
    body?: unknown,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isTokenExpired(): boolean {
    return this.status === 403 && this.code === ERROR_CODES.tokenExpired;
  }

}

export type AuthHandlers = {
  getAccessToken: () => string | null | undefined;
  /** Obtain a fresh access token (store it so getAccessToken returns it); throw on failure. */
  refresh: () => Promise<void>;
  /** Called once when refreshing failed: log out, warn, go home. */
  onAuthFailure: (error: unknown) => void;
};

const noAuth: AuthHandlers = {
  getAccessToken: () => null,
  refresh: () => Promise.reject(new ApiError(401, 'Not signed in')),
  onAuthFailure: () => {},
};

let auth: AuthHandlers = noAuth;
let refreshInFlight: Promise<void> | null = null;

export function setAuthHandlers(handlers: Partial<AuthHandlers> | null): void {
  auth = handlers ? { ...noAuth, ...handlers } : noAuth;
  refreshInFlight = null;
}

type QueryValue = string | number | boolean | null | undefined;

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** The Accept header; JSON unless a call asks for a file (a PDF). */
  accept?: string;
};

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  const slash = path.startsWith('/') ? '' : '/';
  return `${API_PREFIX}${slash}${path}${search ? `?${search}` : ''}`;
}

async function send<T>(
  path: string,
  options: ApiFetchOptions,
  read: (response: Response) => Promise<T> = parseResponse,
): Promise<T> {
  // Refusals come back in the language the screens show (the server translates what its catalogue holds).
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json', 'Accept-Language': currentLanguage() };
  const token = auth.getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A file (a scanned receipt) goes as itself, typed by the file; anything else as JSON.
  const file = options.body instanceof Blob ? options.body : null;
  if (options.body !== undefined) headers['Content-Type'] = file ? file.type : 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : (file ?? JSON.stringify(options.body)),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    // Cancellation is not a failure: let callers (React Query) see the abort.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
  return read(response);
}

/** A successful response as it came (headers, a file's bytes); a failure throws ApiError as usual. */
async function keepResponse(response: Response): Promise<Response> {
  if (response.ok) return response;
  return parseResponse<never>(response);
}

async function parseResponse<T>(response: Response): Promise<T> {
  const text = await response.text().catch(() => '');
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError(response.status, 'Invalid response data', 'INVALID_RESPONSE');
    }
  }
  if (response.ok) return data as T;

  const body = (typeof data === 'object' && data !== null ? data : {}) as {
    message?: unknown;
    code?: unknown;
    errors?: unknown;
  };
  throw new ApiError(
    response.status,
    typeof body.message === 'string' && body.message ? body.message : FALLBACK_ERROR_MESSAGE,
    typeof body.code === 'string' ? body.code : undefined,
    Array.isArray(body.errors) ? (body.errors as ApiFieldError[]) : undefined,
    data,
    retryAfterOf(response),
  );
}

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

// Requests failing together share one refresh call.
function refreshOnce(): Promise<void> {
  refreshInFlight ??= auth
    .refresh()
    .catch((error: unknown) => {
      auth.onAuthFailure(error);
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/**
 * Calls `/api{path}`. An expired access token (403 TOKEN_EXPIRED), or a 401 to
 * a call made signed in, triggers one refresh and one retry of this request
 * (docs/accounts.md#tokens-and-refresh); if the refresh fails the auth failure
 * handler runs and the original error is thrown.
 */
export function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return withRefresh(path, () => send<T>(path, options));
}

/**
 * Like apiFetch, but answers the successful Response itself, for what JSON
 * alone does not carry: a total in a header, a PDF's bytes.
 */
export function apiFetchResponse(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  return withRefresh(path, () => send(path, options, keepResponse));
}

async function withRefresh<T>(path: string, call: () => Promise<T>): Promise<T> {
  const signedIn = Boolean(auth.getAccessToken());
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || path === REFRESH_PATH) throw error;
    // A 401 to a signed-in call: the session was ended elsewhere (a sign-in that
    // terminated it, a reused token). Refreshing tells the two apart: if it
    // fails too, the session is over and the auth failure handler runs.
    if (!error.isTokenExpired && !(error.status === 401 && signedIn)) throw error;
    try {
      await refreshOnce();
    } catch {
      throw error;
    }
    return call();
  }
}

/** GET /api/userauth/refreshAccessToken; the refresh cookie travels with it. */
export async function requestAccessToken(signal?: AbortSignal): Promise<string> {
  const data = await send<{ accessToken?: unknown }>(REFRESH_PATH, { signal });
  if (typeof data?.accessToken !== 'string' || !data.accessToken) {
    throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  }
  return data.accessToken;
}
