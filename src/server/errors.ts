import type { ErrorCode } from '../shared/error-codes.js';

/**
 * Domain errors. Services throw these without knowing about HTTP; the single error handler in
 * http/error-handler.ts turns them into the JSON error shape and status code of DESIGN.md.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'bad_request', message, fields);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'You must be signed in.') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  /** A specific `code` lets the browser say what clashed in the reader's language. */
  constructor(message: string, code: ErrorCode = 'conflict', fields?: Record<string, string>) {
    super(409, code, message, fields);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

export class UpstreamError extends AppError {
  constructor(message: string, timedOut = false) {
    super(timedOut ? 504 : 502, timedOut ? 'upstream_timeout' : 'upstream_failed', message);
  }
}
