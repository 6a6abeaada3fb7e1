import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTOMATION_SECRET_MIN_LENGTH } from '../../shared/constants.js';
import { UnauthorizedError } from '../errors.js';
import { parseJsonInput } from '../http/input-rules.js';
import { limiterFor, type LimitRule } from '../http/rate-limit.js';

/**
 * Inbound automation requests (DESIGN "HTTP surface"): a workflow proves it holds the shared
 * secret (setting n8n_secret_token) either by sending it in X-Secret-Token, or by signing the raw
 * request body: X-Signature: sha256=<hex HMAC-SHA256 of the body, keyed with the secret>.
 */
export const SECRET_TOKEN_HEADER = 'x-secret-token';
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';
/** How far a timestamped signature's time may be from ours, either way. */
export const SIGNATURE_MAX_AGE_SECONDS = 300;

/**
 * Reads the shared secret at the time of the request; null when none is configured. `previous`
 * is the secret being rotated out (AUTOMATION_PREVIOUS_SECRET), still accepted on inbound calls.
 * The automation gateway (automation-gateway.ts) provides it: the one place the secret is read.
 */
export interface AutomationSecret {
  (): Promise<string | null>;
  previous?: string | undefined;
}

/** The X-Signature value of a body: `sha256=` and the hex HMAC-SHA256 of the body with the secret. */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

// Digests have the same length whatever the inputs, which timingSafeEqual requires, and comparing
// them reveals neither the secret's length nor how many leading characters matched.
export function sameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The X-Signature value of a timestamped request: the HMAC of `<timestamp>.<body>`, where the
 * timestamp (Unix seconds) travels in X-Timestamp. A captured request cannot be replayed later.
 */
export function signTimestampedBody(secret: string, timestamp: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

/** True when the timestamp is recent and the signature is the HMAC of `timestamp.body`. */
export function verifyTimestampedSignature(
  secret: string,
  timestamp: string,
  signature: string,
  rawBody: string,
  nowMs = Date.now(),
): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_MAX_AGE_SECONDS) return false;
  return sameText(signature.trim().toLowerCase(), signTimestampedBody(secret, timestamp, rawBody));
}

export interface AutomationCredentials {
  token?: string | undefined;
  signature?: string | undefined;
  /** With a signature: the Unix time it was made at (X-Timestamp), signed with the body. */
  timestamp?: string | undefined;
  /** The request body exactly as received; needed to check a signature. */
  rawBody?: string | undefined;
}

/** How the caller proved it holds the secret (kept with payment callbacks). */
export type AutomationProof = 'secret' | 'signature' | 'timestamped-signature';

/**
 * Throws UnauthorizedError unless the credentials prove knowledge of the secret, or of the
 * previous one during a rotation (only while a current secret is configured).
 */
export function verifyAutomationCredentials(
  secret: string | null,
  credentials: AutomationCredentials,
  previous?: string,
): AutomationProof {
  if (secret === null) {
    throw new UnauthorizedError(
      `The automation secret is not configured: set n8n_secret_token (at least ${AUTOMATION_SECRET_MIN_LENGTH} characters) in the settings before workflows can call this endpoint.`,
    );
  }
  const { token, signature, timestamp, rawBody } = credentials;
  const accepted = previous ? [secret, previous] : [secret];
  if (token !== undefined && accepted.some((candidate) => sameText(token, candidate))) return 'secret';
  // With X-Timestamp the signature must cover it: a plain body signature is not accepted then.
  if (timestamp !== undefined && signature !== undefined && rawBody !== undefined) {
    if (accepted.some((candidate) => verifyTimestampedSignature(candidate, timestamp, signature, rawBody)))
      return 'timestamped-signature';
    throw new UnauthorizedError('Invalid or expired timestamped signature.');
  }
  const given = signature?.trim().toLowerCase();
  if (
    given !== undefined &&
    rawBody !== undefined &&
    accepted.some((candidate) => sameText(given, signBody(candidate, rawBody)))
  )
    return 'signature';
  if (token === undefined && signature === undefined) {
    throw new UnauthorizedError(
      'Automation requests must carry the X-Secret-Token header or an X-Signature of the body.',
    );
  }
  throw new UnauthorizedError('Invalid automation credentials.');
}

/** A header sent once; a repeated header is ambiguous and counts as absent. */
function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as received, kept only on automation routes (for X-Signature). */
    rawBody?: string;
    /** Why the body could not be parsed; reported only once the caller proved it holds the secret. */
    bodyError?: Error;
    /** How an automation caller proved the secret, once the guard accepted it. */
    automationProof?: AutomationProof;
  }
}

/**
 * Requests per minute and client address on the automation hooks, valid or not: enough for
 * workflows pushing stats and payment callbacks, too few to guess the secret or flood the database.
 */
export const AUTOMATION_LIMIT: LimitRule = { name: 'automation', max: 300, windowMs: 60_000 };

/**
 * Guards every route of the calling plugin. Call it first inside an encapsulated plugin (one
 * registered with app.register, without fastify-plugin) that holds only automation routes, which
 * declare `config: { access: 'automation' }`. In order, each request is:
 * 1. counted against AUTOMATION_LIMIT (429 beyond it);
 * 2. checked for the secret, before anything about its body is reported: a caller without the
 *    secret learns nothing about what the route would accept, not even that its JSON is broken;
 * 3. then refused for a broken body (the app's input rules: JSON, depth, NUL bytes), then validated.
 * JSON bodies keep their raw text for the signature.
 */
export function guardAutomationRoutes(app: FastifyInstance, secret: AutomationSecret): void {
  const limit = limiterFor(app, AUTOMATION_LIMIT);
  app.decorateRequest('rawBody', undefined);
  app.decorateRequest('bodyError', undefined);
  app.decorateRequest('automationProof', undefined);
  app.addHook('onRequest', limit);
  // Replaces, in this plugin only, the app's JSON parser (whose rules parseJsonInput applies too).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, parseJsonInput(body as string));
    } catch (error) {
      request.bodyError = error as Error;
      done(null, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    request.automationProof = verifyAutomationCredentials(
      await secret(),
      {
        token: singleHeader(request, SECRET_TOKEN_HEADER),
        signature: singleHeader(request, SIGNATURE_HEADER),
        timestamp: singleHeader(request, TIMESTAMP_HEADER),
        rawBody: request.rawBody,
      },
      secret.previous,
    );
    if (request.bodyError) throw request.bodyError;
  });
}
