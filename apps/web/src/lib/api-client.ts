import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@decor/core';
import { currentProjectKey } from '../config/env.ts';
import { currentAccessToken } from './access-token.ts';

/** An API failure, with the server's code and message (DESIGN.md §9). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly details?: unknown;

  constructor({ status, code, message, details }: { status: number; code: ErrorCode | 'network'; message: string; details?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Calls the portal API on this origin with the project header and cookies, parses the
 * JSON, and throws an ApiError carrying the server's code and message on failure.
 */
export async function api<T>(path: string, { method = 'GET', body, signal, headers = {} }: ApiRequest = {}): Promise<T> {
  const projectKey = currentProjectKey();
  // The identity provider reads its own cookies; it gets no API access token.
  const token = path.startsWith('/api/auth/') ? null : currentAccessToken();
  const init: RequestInit = {
    method,
    signal,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(projectKey ? { ProjectId: projectKey } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  };

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network', message: 'We could not reach the server. Check your connection and try again.' });
  }

  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    throw isErrorBody(data)
      ? new ApiError({ status: response.status, ...data.error })
      : new ApiError({ status: response.status, code: 'internal', message: 'Request failed.' });
  }
  return data as T;
}

/** The shape of DESIGN.md §9's error body, checked without shipping a schema library to the browser. */
function isErrorBody(data: unknown): data is ErrorBody {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return (
    typeof error?.message === 'string' && typeof error.code === 'string' && (ERROR_CODES as readonly string[]).includes(error.code)
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
