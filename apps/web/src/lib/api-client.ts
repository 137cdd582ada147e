import { clearSession, getAuth } from './auth-store';

/** A failed API call: carries the server's human message and machine code (CONTRACT §3). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The network failed before any answer (offline, server down). */
export class NetworkError extends Error {
  constructor() {
    super('Network error. Please try again.');
    this.name = 'NetworkError';
  }
}

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;
  /**
   * On 401: clear the session and go to `/` (default); `'login'`: clear the session only, and the
   * page's sign-in guard sends the visitor to /login and back to the page after (spec 01 §4: a 401
   * on creating a question); or leave it to the caller.
   */
  on401?: 'logout' | 'login' | 'ignore';
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

function buildUrl(path: string, query?: ApiOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The one fetch client: bearer token, JSON, CONTRACT errors, and the 401 rule of spec 01 §7. */
export async function apiRequest<T>(path: string, opts: ApiOptions = {}): Promise<ApiResponse<T>> {
  const { body, query, on401 = 'logout', headers, ...init } = opts;
  const h = new Headers(headers);
  const { token } = getAuth();
  if (token) h.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    h.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  h.set('Accept', 'application/json');
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { ...init, headers: h, body: payload });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError();
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const b = (data ?? {}) as { error?: string; message?: string; code?: string; details?: unknown };
    const message = b.error || b.message || res.statusText || 'Request failed';
    if (res.status === 401 && token && on401 !== 'ignore') {
      clearSession();
      if (on401 === 'logout' && window.location.pathname !== '/') window.location.assign('/');
    }
    throw new ApiError(res.status, message, b.code ?? 'HTTP_ERROR', b.details);
  }
  return { data: data as T, headers: res.headers };
}

export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, opts)).data;
}

/** Upload with progress (fetch has no upload progress): XMLHttpRequest, same error rules. */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const { token } = getAuth();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const b = (data ?? {}) as { error?: string; message?: string; code?: string };
      if (xhr.status === 401 && token) clearSession();
      reject(new ApiError(xhr.status, b.error || b.message || 'Request failed', b.code ?? 'HTTP_ERROR'));
    };
    xhr.send(form);
  });
}

export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError || err instanceof NetworkError) return err.message;
  return fallback;
}
