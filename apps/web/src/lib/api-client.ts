import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@decor/core';
import { currentProjectKey } from '../config/env.ts';
import { currentAccessToken } from './access-token.ts';
import { takePageAnswer } from './page-answers.ts';
import { currentLanguage } from './spoken-language.ts';

/** An API failure, with the server's code and message (docs/api.md). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly details?: unknown;
  /** The sentence's key in the message catalogue and its parameters, when the server named it. */
  readonly key?: string;
  readonly params?: Record<string, string | number>;

  constructor({
    status,
    code,
    message,
    details,
    key,
    params,
  }: {
    status: number;
    code: ErrorCode | 'network';
    message: string;
    details?: unknown;
    key?: string;
    params?: Record<string, string | number>;
  }) {
    super(message);
    this.key = key;
    this.params = params;
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Sends a request to the portal API with the project header, the access token and cookies. */
async function send(path: string, { method = 'GET', body, signal, headers = {} }: ApiRequest): Promise<Response> {
  const projectKey = currentProjectKey();
  // The identity provider reads its own cookies; it gets no API access token.
  const token = path.startsWith('/api/auth/') ? null : currentAccessToken();
  const init: RequestInit = {
    method,
    signal,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      'accept-language': currentLanguage(),
      ...(projectKey ? { ProjectId: projectKey } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  };
  try {
    return await fetch(path, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'network',
      message: 'We could not reach the server. Check your connection and try again.',
    });
  }
}

function failureOf(response: Response, data: unknown): ApiError {
  return isErrorBody(data)
    ? new ApiError({ status: response.status, ...data.error })
    : new ApiError({ status: response.status, code: 'internal', message: 'Request failed.' });
}

/**
 * Calls the portal API on this origin with the project header and cookies, parses the
 * JSON, and throws an ApiError carrying the server's code and message on failure.
 */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  // The first GET of an address the page already carries the answer to needs no request.
  if ((request.method ?? 'GET') === 'GET') {
    const answer = takePageAnswer(path);
    if (answer !== undefined) return answer as T;
  }
  const response = await send(path, request);
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) throw failureOf(response, data);
  return data as T;
}

/** Fetches a file from the API (a PDF, say) and hands it to the browser as a download, under the server's file name. */
export async function downloadFromApi(path: string): Promise<void> {
  const response = await send(path, { headers: { accept: '*/*' } });
  if (!response.ok) throw failureOf(response, safeJson(await response.text()));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  saveBlob(await response.blob(), fileName);
}

/** Hands the browser a file to save under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The shape of docs/api.md's error body, checked without shipping a schema library to the browser. */
function isErrorBody(data: unknown): data is ErrorBody {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return (
    typeof error?.message === 'string' &&
    typeof error.code === 'string' &&
    (ERROR_CODES as readonly string[]).includes(error.code)
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
