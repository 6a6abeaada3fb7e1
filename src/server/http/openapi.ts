import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECRET_TOKEN_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../integrations/automation-auth.js';

/** This document, in outline. */
const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * The OpenAPI 3.1 description of the /api routes, at /api/openapi.json, generated from the zod
 * schemas the routes validate with (so it cannot drift from them). @fastify/swagger only watches
 * routes being registered; the document is built and serialized on its first request and then
 * served as a string: the other routes pay nothing for it. Pages and files outside /api are left
 * out. The workflow builders' guide is docs/automation-api.md.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tradebot Store API',
        version,
        description:
          "The shop's HTTP API. Browser routes use the session cookie set by /api/auth/*; the /api/hooks/* routes are for automation workflows (see docs/automation-api.md).",
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description: 'The session cookie set by sign-in (__Secure-better-auth.session_token over HTTPS).',
          },
          secretToken: {
            type: 'apiKey',
            in: 'header',
            name: SECRET_TOKEN_HEADER,
            description: 'The automation secret (Settings, n8n_secret_token) as is.',
          },
          signature: {
            type: 'apiKey',
            in: 'header',
            name: SIGNATURE_HEADER,
            description: `sha256=<hex HMAC-SHA256 of the raw body, keyed with the automation secret>; with ${TIMESTAMP_HEADER} (Unix seconds, within 300 s), the HMAC of "<timestamp>.<body>".`,
          },
        },
      },
    },
    transform: (input) => {
      if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
      const { schema, url } = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      const security: Record<string, string[]>[] | undefined =
        access === 'automation'
          ? [{ secretToken: [] }, { signature: [] }]
          : access && access !== 'public'
            ? [{ session: [] }]
            : undefined;
      return { schema: { ...schema, ...(security ? { security } : {}) }, url };
    },
    transformObject: jsonSchemaTransformObject,
  });

  let document: string | undefined;
  app.get(
    '/api/openapi.json',
    // Described, not serialized: the document goes out as the string made on the first request.
    { config: { access: 'public' }, schema: { response: { 200: openApiDocument } } },
    (_request, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(document);
    },
  );
}
