/**
 * The one error path (docs/architecture.md#one-error-path): every failure leaves as `{error: {status, message, field?}}` with the
 * HTTP code of its status (#shared/api-errors). A 5xx that is not a deliberate ApiError is logged with
 * the request id and answered with a generic message: no stack or internal message ever leaves. A
 * failure of the storage itself (db/storage-faults.ts) is answered 503 with Retry-After and says so.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  ERROR_STATUS_HTTP,
  statusForHttp,
  type ErrorEnvelope,
  type ErrorStatus,
} from '#shared/api-errors';
import { storageFault, type StorageFault } from '#server/db/storage-faults';

export const INTERNAL_ERROR_MESSAGE = 'Internal error.';
export const NOT_FOUND_MESSAGE = 'Not found.';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Messages for the framework's own client errors, by Fastify error code. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

/** What a visitor reads when the storage fails (docs/product/api.md#server-messages). */
export const STORAGE_MESSAGES: Record<StorageFault, string> = {
  unreachable: 'Storage is unavailable.',
  busy: 'Storage is busy. Please try again in a moment.',
  full: 'Storage is full. Nothing was saved.',
};

/** Seconds a client should wait before trying again after each storage fault. */
export const STORAGE_RETRY_AFTER_SECONDS: Record<StorageFault, number> = {
  unreachable: 5,
  busy: 5,
  full: 60,
};

const STATUS_MESSAGES: Partial<Record<ErrorStatus, string>> = {
  'not-found': NOT_FOUND_MESSAGE,
  'resource-exhausted': 'Too many requests. Please try again later.',
  'permission-denied': 'Permission denied.',
  unauthenticated: 'Please log in.',
};

function envelope(status: ErrorStatus, message: string, field?: string): ErrorEnvelope {
  const error: ErrorEnvelope['error'] = { status, message };
  if (field) error.field = field;
  return { error };
}

function sendError(
  reply: FastifyReply,
  status: ErrorStatus,
  message: string,
  field?: string,
): FastifyReply {
  return reply
    .code(ERROR_STATUS_HTTP[status])
    .type('application/json; charset=utf-8')
    .send(envelope(status, message, field));
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, 'not-found', NOT_FOUND_MESSAGE);
}

/** Which envelope a thrown value becomes; `internal` means "log it, say nothing". */
function classify(error: unknown): {
  status: ErrorStatus;
  message: string;
  field?: string;
} {
  if (error instanceof ApiError)
    return { status: error.status, message: error.message, field: error.field };
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    const field = issue?.path.length ? issue.path.map(String).join('.') : undefined;
    return {
      status: 'invalid-argument',
      message: issue?.message ?? 'The request is invalid.',
      field,
    };
  }
  const { statusCode, code } = (error ?? {}) as Partial<FastifyError>;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const status = statusForHttp(statusCode);
    const message =
      (code && FRAMEWORK_MESSAGES[code]) ??
      (error instanceof SyntaxError
        ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY
        : undefined) ??
      STATUS_MESSAGES[status] ??
      'The request is invalid.';
    return { status, message };
  }
  return { status: 'internal', message: INTERNAL_ERROR_MESSAGE };
}

/**
 * Answers a failure with the envelope. Also the framework's own errors (a malformed address), which
 * app.ts routes here (Fastify's `frameworkErrors`): their message never repeats what was sent.
 */
export function handleError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const fault = error instanceof ApiError ? null : storageFault(error);
  if (fault) {
    // The code, not the error: its message may name the database's host.
    const { code } = error as { code?: unknown };
    request.log.warn({ fault, code }, `request not served: storage ${fault}`);
    reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS[fault]));
    return sendError(reply, 'unavailable', STORAGE_MESSAGES[fault]);
  }
  const { status, message, field } = classify(error);
  const http = ERROR_STATUS_HTTP[status];
  if (http < 500) request.log.info({ status, message }, 'request rejected');
  else if (error instanceof ApiError) request.log.warn({ status, message }, 'request not served');
  else request.log.error({ err: error }, 'request failed');
  return sendError(reply, status, message, field);
}

/**
 * Answers a request Node's HTTP parser could not read (a bad header line, a Content-Length that is
 * not a number, headers too large, one that never finished arriving): no route or hook can run, so
 * the answer is written on the socket, with the envelope and the given security headers, and the
 * connection ends. Used as Fastify's `clientErrorHandler` (app.ts).
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
  headers: Readonly<Record<string, string>>,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const message =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request headers are too large.'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'The request took too long to arrive.'
        : 'The request is not valid HTTP.';
  const body = JSON.stringify(envelope('invalid-argument', message));
  const lines = Object.entries({
    ...headers,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  if (socket.writable) socket.end(`HTTP/1.1 400 Bad Request\r\n${lines.join('')}\r\n${body}`);
  else socket.destroy();
}

/** Error handler and the not-found answer; `fallback` (the SPA) may answer first and return true. */
export interface ErrorsOptions {
  fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

export const errorsPlugin = fp(
  async (app: FastifyInstance, options: ErrorsOptions) => {
    app.setErrorHandler(handleError);
    app.setNotFoundHandler((request, reply) => {
      if (!options.fallback?.(request, reply)) sendNotFound(reply);
    });
  },
  { name: 'errors' },
);
