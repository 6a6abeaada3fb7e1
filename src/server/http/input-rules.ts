import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../errors.js';

/**
 * Rules every piece of text input obeys, enforced where input enters the server (the URL and the
 * body parsers) so that no route can forget them and new routes inherit them:
 * - no NUL character anywhere: PostgreSQL cannot store one in text and fails the whole query;
 * - JSON nested at most MAX_JSON_DEPTH levels: deeper documents only exist to exhaust the stack
 *   of whatever walks them later (validation, re-serialisation, logging);
 * - no "__proto__" keys (nor "constructor.prototype"), which would poison objects they are merged into.
 * Each broken rule is a 400 with the usual error shape.
 */
export const MAX_JSON_DEPTH = 64;

const nulRefused = () => new BadRequestError('Text may not contain NUL characters.');

export function hasNulByte(text: string): boolean {
  return text.includes('\u0000');
}

/** For input that reaches the server another way (multipart fields, file names): throws the 400. */
export function assertNoNulBytes(value: unknown): void {
  if (containsNul(value)) throw nulRefused();
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNulByte(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(containsNul);
  return Object.entries(value).some(([key, item]) => hasNulByte(key) || containsNul(item));
}

/** Nesting depth of a JSON text, counted without parsing it; stops early past `limit`. */
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}

function isPoisoned(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(isPoisoned);
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__') return true;
    if (key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype'))
      return true;
    if (isPoisoned(item)) return true;
  }
  return false;
}

/**
 * Whether the parsed value of `text` could break the NUL or key rules, judged from the text alone.
 * JSON writes a NUL, or any letter of a key, either as itself or as a \u escape; a raw NUL (a
 * control character) makes JSON.parse fail. So a text with no \u escape, no "__proto__" and no
 * "prototype" parses into a value that breaks neither rule, and walking that value again would
 * only cost time on every JSON request (a robot's licence check among them).
 */
function mayBreakKeyOrNulRules(text: string): boolean {
  return text.includes('\\u') || text.includes('__proto__') || text.includes('prototype');
}

/** Parses a JSON request body under the rules above; throws a 400 when it breaks one. */
export function parseJsonInput(text: string): unknown {
  if (text.length === 0) throw new BadRequestError('The request body is empty but says it is JSON.');
  if (exceedsDepth(text, MAX_JSON_DEPTH))
    throw new BadRequestError(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError('The request body is not valid JSON.');
  }
  if (!mayBreakKeyOrNulRules(text)) return value;
  if (containsNul(value)) throw nulRefused();
  if (isPoisoned(value))
    throw new BadRequestError('The JSON body has a forbidden "__proto__" or "constructor.prototype" key.');
  return value;
}

/** Installs the rules for the whole app: the URL check and the JSON and plain-text body parsers. */
export function registerInputRules(app: FastifyInstance): void {
  // A NUL can only arrive percent-encoded in a URL (the HTTP parser refuses a raw one); refusing
  // "%00" here covers every path parameter and query value before routing.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') ? nulRefused() : undefined);
  });
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonInput(body as string));
    } catch (error) {
      done(error as Error);
    }
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    done(hasNulByte(body as string) ? nulRefused() : null, body);
  });
}
