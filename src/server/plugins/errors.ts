/**
 * The one error path (docs/architecture.md#one-error-path): every failure leaves as `{error: {status, message, field?}}` with the
 * HTTP code of its status (#shared/api-errors). A 5xx that is not a deliberate ApiError is logged with
 * the request id and answered with a generic message: no stack or internal message ever leaves.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  ERROR_STATUS_HTTP,
  statusForHttp,
  type ErrorEnvelope,
  type ErrorStatus,
} from '#shared/api-errors';

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

function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, message, field } = classify(error);
  const http = ERROR_STATUS_HTTP[status];
  if (http < 500) request.log.info({ status, message }, 'request rejected');
  else if (error instanceof ApiError) request.log.warn({ status, message }, 'request not served');
  else request.log.error({ err: error }, 'request failed');
  return sendError(reply, status, message, field);
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
