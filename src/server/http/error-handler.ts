import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/error-codes.js';
import { isDatabaseBusy } from '../db/dialect.js';
import { AppError } from '../errors.js';

/**
 * Retry-After of a 503 `database_busy`: what made the database busy (a burst, a stalled disk) has
 * usually passed after a few seconds, and a shorter wait would add to a burst still under way.
 */
const DATABASE_BUSY_RETRY_SECONDS = 5;

/** `code` is an ErrorCode, except on a rare 4xx that keeps the framework's own code, and on better-auth's answers (auth.routes.ts). */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Field path → first message, e.g. { "body.email": "Invalid email address" }. */
function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const context = error.validationContext ?? 'request';
    const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = where ? `${context}.${where}` : context;
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** The code of a client error that carries none of ours. */
const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * One place turns every failure into `{ error: { code, message, fields? } }`. Client mistakes keep
 * their 4xx status; a database too busy to take the request in time answers 503 with Retry-After;
 * anything else is logged and answered with a 500 that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const first = Object.entries(fields)[0];
      const message = first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request.';
      return reply.status(400).send(errorBody('validation_failed', message, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      const message = error.message || 'Invalid request.';
      const code = codeByStatus[status];
      // A status we have no code for keeps the framework's own code, lower-cased like ours.
      return reply
        .status(status)
        .send(
          code ? errorBody(code, message) : { error: { code: error.code?.toLowerCase() ?? 'bad_request', message } },
        );
    }
    if (isDatabaseBusy(error)) {
      // Nothing was written: a workflow's callback, a robot's licence check or a person can send
      // the same request again, which a 500 would not tell them.
      request.log.warn({ err: error }, 'database busy: answered 503');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_BUSY_RETRY_SECONDS))
        .send(errorBody('database_busy', 'The shop is busy. Try again in a few seconds.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
  });
}
