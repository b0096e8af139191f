/**
 * The one API client. Paths are given WITHOUT the `/api` prefix (`api.get('/patients', {...})`).
 * Every call sends the session cookie, speaks JSON and throws `ApiError` on any failure, so
 * callers (TanStack Query hooks) only see data or one error type with a Romanian message.
 */

export const API_PREFIX = '/api';

export const API_MESSAGES = {
  generic: 'A aparut o eroare, va rugam incercati mai tarziu.',
  network: 'Serverul nu poate fi contactat. Verificați conexiunea și încercați din nou.',
} as const;

export class ApiError extends Error {
  readonly status: number;
  /** Per-field validation messages (`{ field: message }`), when the server sent them. */
  readonly errors?: Record<string, string>;
  /** Machine code some answers carry (better-auth: INVALID_EMAIL_OR_PASSWORD, INVALID_TOKEN...). */
  readonly code?: string;

  constructor(status: number, message: string, errors?: Record<string, string>, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

type ErrorBody = { message?: unknown; errors?: unknown; code?: unknown };

function toApiError(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const message = typeof b.message === 'string' && b.message ? b.message : API_MESSAGES.generic;
  const errors = b.errors && typeof b.errors === 'object' ? (b.errors as Record<string, string>) : undefined;
  const code = typeof b.code === 'string' ? b.code : undefined;
  return new ApiError(status, message, errors, code);
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(0, API_MESSAGES.network);
  }
  const data = parseBody(await res.text());
  if (!res.ok) throw toApiError(res.status, data);
  // A 2xx with `status: 0` would be a server bug; treat it as the failure it says it is.
  if (data && typeof data === 'object' && (data as { status?: unknown }).status === 0) {
    throw toApiError(res.status, data);
  }
  return data as T;
}

/** Multipart upload with progress (fetch cannot report upload progress, XHR can). */
function upload<T>(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(toApiError(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError(0, API_MESSAGES.network));
    xhr.onabort = () => reject(new ApiError(0, 'Încărcarea a fost anulată.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  del: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  upload,
};
