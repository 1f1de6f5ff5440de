/**
 * The one way the client calls /api: JSON in and out, errors returned as the server's typed
 * envelope (docs/product/api.md#error-envelope), and a distinct offline error when the API is
 * unreachable.
 */
import {
  needsAuthenticatorCode,
  readErrorEnvelope,
  statusForHttp,
  type ErrorStatus,
} from '#shared/api-errors';
import { COPY } from '#shared/copy';
import { reportReachable, reportUnreachable } from './connectivity';

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus | 'offline',
    message: string,
    readonly field?: string,
    readonly httpStatus?: number,
    /** The whole answer, for a call whose refusal carries more than the envelope (its problems). */
    readonly body?: unknown,
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
   * the one for a single document (docs/product/api.md#offline-read-messages).
   */
  list?: boolean;
}

/**
 * Asks for a new authenticator code when a call answers `step-up-required` (or `mfa-required`);
 * resolves true once the code was accepted (the call is then sent again), false when the person
 * cancelled. The owner's desk sets it while it is open (features/admin/mfa).
 */
type StepUpHandler = () => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;

export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/**
 * Asks for a new code now, for a sensitive action the browser performs itself (a download link):
 * true once accepted, false when cancelled or when nothing can ask.
 */
export function requestStepUp(): Promise<boolean> {
  return stepUpHandler ? stepUpHandler() : Promise.resolve(false);
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    // Told apart by the status name alone (docs/product/api.md#status-names-and-http-codes). A session
    // that lost its code while the desk is open (the rank changed) is asked the same way.
    const askable = error instanceof ApiError && needsAuthenticatorCode(error.status);
    if (!askable || !stepUpHandler) throw error;
    if (!(await stepUpHandler())) throw error;
    return send<T>(path, options);
  }
}

async function send<T>(
  path: string,
  { method = 'GET', body, signal, list = false }: RequestOptions,
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
    throw new ApiError(envelope.status, envelope.message, envelope.field, response.status, data);
  throw new ApiError(
    statusForHttp(response.status),
    response.statusText || 'Request failed',
    undefined,
    response.status,
  );
}
