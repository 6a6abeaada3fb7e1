import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../errors.js';
import type { SettingsService } from '../modules/settings/settings.service.js';

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

/** Reads the shared secret at the time of the request; null when none is configured. */
export type AutomationSecret = () => Promise<string | null>;

export function automationSecretFrom(settings: SettingsService): AutomationSecret {
  return async () => {
    const secret = (await settings.getAll()).n8n_secret_token.trim();
    return secret === '' ? null : secret;
  };
}

/** The X-Signature value of a body: `sha256=` and the hex HMAC-SHA256 of the body with the secret. */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

// Digests have the same length whatever the inputs, which timingSafeEqual requires, and comparing
// them reveals neither the secret's length nor how many leading characters matched.
function sameText(a: string, b: string): boolean {
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
export function verifyTimestampedSignature(secret: string, timestamp: string, signature: string, rawBody: string, nowMs = Date.now()): boolean {
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

/** Throws UnauthorizedError unless the credentials prove knowledge of the secret. */
export function verifyAutomationCredentials(secret: string | null, credentials: AutomationCredentials): AutomationProof {
  if (secret === null) {
    throw new UnauthorizedError('The automation secret is not configured: set n8n_secret_token in the settings before workflows can call this endpoint.');
  }
  const { token, signature, timestamp, rawBody } = credentials;
  if (token !== undefined && sameText(token, secret)) return 'secret';
  // With X-Timestamp the signature must cover it: a plain body signature is not accepted then.
  if (timestamp !== undefined && signature !== undefined && rawBody !== undefined) {
    if (verifyTimestampedSignature(secret, timestamp, signature, rawBody)) return 'timestamped-signature';
    throw new UnauthorizedError('Invalid or expired timestamped signature.');
  }
  if (signature !== undefined && rawBody !== undefined && sameText(signature.trim().toLowerCase(), signBody(secret, rawBody))) return 'signature';
  if (token === undefined && signature === undefined) {
    throw new UnauthorizedError('Automation requests must carry the X-Secret-Token header or an X-Signature of the body.');
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
    /** How an automation caller proved the secret, once the guard accepted it. */
    automationProof?: AutomationProof;
  }
}

/**
 * Guards every route of the calling plugin. Call it first inside an encapsulated plugin (one
 * registered with app.register, without fastify-plugin) that holds only automation routes, which
 * declare `config: { access: 'automation' }`: their JSON bodies keep the raw text for the
 * signature, and callers are checked before the body is validated, so a caller without the
 * secret learns nothing about what the route would accept.
 */
export function guardAutomationRoutes(app: FastifyInstance, secret: AutomationSecret): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('rawBody', undefined);
  app.decorateRequest('automationProof', undefined);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    request.automationProof = verifyAutomationCredentials(await secret(), {
      token: singleHeader(request, SECRET_TOKEN_HEADER),
      signature: singleHeader(request, SIGNATURE_HEADER),
      timestamp: singleHeader(request, TIMESTAMP_HEADER),
      rawBody: request.rawBody,
    });
  });
}
