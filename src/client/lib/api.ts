/**
 * The one way the client calls /api: JSON in and out, errors returned as the server's typed
 * envelope (docs/product.md#error-envelope), and a distinct offline error when the API is
 * unreachable.
 */
import { readErrorEnvelope, statusForHttp, type ErrorStatus } from '#shared/api-errors';
import { COPY } from '#shared/copy';
import { reportReachable, reportUnreachable } from './connectivity';

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus | 'offline',
    message: string,
    readonly field?: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The call reads a list: offline, it fails with the message for lists ("…documents…") instead of
   * the one for a single document (docs/product.md#offline-read-messages).
   */
  list?: boolean;
}

export async function api<T>(
  path: string,
  { method = 'GET', body, signal, list = false }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    reportUnreachable();
    throw new ApiError('offline', list ? COPY.offlineQuery : COPY.offlineDocument);
  }
  // A proxy's 502/503/504 means the server behind it is not there: the same as offline to a visitor.
  if (response.status >= 502 && response.status <= 504) reportUnreachable();
  else reportReachable();
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;
  const envelope = readErrorEnvelope(data);
  if (envelope)
    throw new ApiError(envelope.status, envelope.message, envelope.field, response.status);
  throw new ApiError(
    statusForHttp(response.status),
    response.statusText || 'Request failed',
    undefined,
    response.status,
  );
}
