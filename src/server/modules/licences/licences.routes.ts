import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  licenceAnswerSchema,
  licenceKeysSchema,
  licenceRequestSchema,
  type LicenceRequest,
} from '../../../shared/schemas/licences.js';
import { keyedLimiterFor, limiterFor, type LimitRule } from '../../http/rate-limit.js';
import type { LicenceApiService, LicenceEndpoint } from './licence-api.service.js';

/** Requests per minute from one address to the licence API (a VPS may run many terminals). */
export const LICENCE_ADDRESS_LIMIT: LimitRule = { name: 'licence-api', max: 60, windowMs: 60_000 };
/** Checks per minute of one licence key, whatever the address (a robot checks every few hours). */
export const LICENCE_KEY_LIMIT: LimitRule = { name: 'licence-key', max: 20, windowMs: 60_000 };

const endpoints: LicenceEndpoint[] = ['activate', 'validate'];

/**
 * The licence API for robots (docs/licence-api.md). Public: a robot has no session, and sends no
 * Origin (the origin check lets such clients through); the key is its credential, limited per
 * address and per key through the shared limiter.
 */
export function licenceApiRoutes(api: LicenceApiService): FastifyPluginAsyncZod {
  return async (app) => {
    const perAddress = limiterFor(app, LICENCE_ADDRESS_LIMIT);
    // The key's lookup hash, made once per request: the per-key limit counts by it, the check finds the licence by it.
    const keyHashes = new WeakMap<FastifyRequest, string>();
    const keyHashOf = (request: FastifyRequest) => {
      let hash = keyHashes.get(request);
      if (hash === undefined) {
        hash = api.keyHash((request.body as LicenceRequest).license_key);
        keyHashes.set(request, hash);
      }
      return hash;
    };
    // Counted by the key's lookup hash: the rate-limit table never holds a licence key.
    const perKey = keyedLimiterFor(app, LICENCE_KEY_LIMIT, (request) => keyHashOf(request).slice(0, 32));
    for (const endpoint of endpoints) {
      app.post(
        `/api/licenses/${endpoint}`,
        {
          config: { access: 'public' },
          // Every answer and refusal is far below the compression threshold (1 KB): the plugin's
          // answer hooks would only cost time on each check.
          compress: false,
          onRequest: perAddress,
          preHandler: perKey,
          schema: { body: licenceRequestSchema, response: { 200: licenceAnswerSchema } },
        },
        (request) => api.check(endpoint, request.body, request.ip, keyHashOf(request)),
      );
    }
    app.get(
      '/api/licenses/keys',
      { config: { access: 'public' }, onRequest: perAddress, schema: { response: { 200: licenceKeysSchema } } },
      () => api.keys(),
    );
  };
}
