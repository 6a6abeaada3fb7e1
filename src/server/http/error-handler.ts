import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
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

/**
 * One place turns every failure into `{ error: { code, message, fields? } }`. Client mistakes keep
 * their 4xx status; anything else is logged and answered with a 500 that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const first = Object.entries(fields)[0];
      const message = first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request.';
      return reply.status(400).send(body('validation_failed', message, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body('internal_error', 'Something went wrong on our side.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return reply.status(status).send(body(clientErrorCode(status, error), error.message || 'Invalid request.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('internal_error', 'Something went wrong on our side.'));
  });
}

function clientErrorCode(status: number, error: FastifyError): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 406:
      return 'not_acceptable';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return error.code?.toLowerCase() ?? 'bad_request';
  }
}
