import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../support/test-app.js';

interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses?: Record<string, OpenApiResponse>;
      }
    >
  >;
}

/**
 * The /api routes that answer no JSON body of their own, so declare no response schema, each with
 * why. Every other route declares what it answers (fastify's serializer then also drops any field
 * it does not declare). Pages, redirects and files outside /api are not in the document at all.
 */
const WITHOUT_RESPONSE_SCHEMA: Record<string, string> = {
  'GET /api/auth/*': "better-auth's own endpoints, passed through: its JSON, its redirects (OAuth, email links)",
  'POST /api/auth/*': "better-auth's own endpoints, passed through: its JSON and its cookies",
  'GET /api/orders/:id/events': 'a Server-Sent Events stream (text/event-stream), written on the raw socket',
  'GET /api/downloads/:token': "a file download: the robot file's bytes (application/octet-stream), streamed",
  'HEAD /api/downloads/:token': "the file download's headers (size, type, ETag), without its bytes",
};

/** The document's operations, keyed like "GET /api/robots/:id". */
function operationEntries(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${url.replace(/\{([^}]+)\}/g, (_match, name: string) => (name === '*' ? '*' : `:${name}`))}`,
      operation,
    })),
  );
}

/**
 * Whether an operation says what it answers on success: a 2xx with a typed body (a schema under
 * its media type), or a 204 without one. A route without a response schema shows only
 * @fastify/swagger's placeholder, "200: Default Response".
 */
function describesItsAnswer(responses: Record<string, OpenApiResponse> = {}): boolean {
  const successes = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
  return (
    successes.length > 0 &&
    successes.every(([status, response]) => {
      const bodies = Object.values(response.content ?? {});
      if (status === '204') return bodies.length === 0;
      return bodies.length > 0 && bodies.every((body) => body.schema !== undefined);
    })
  );
}

/** "GET /api/robots/:id" for each operation of the document (OpenAPI writes parameters as {id}). */
function operations(document: OpenApiDocument): string[] {
  return operationEntries(document).map((entry) => entry.key);
}

describe.each(testDialects)('OpenAPI document on %s', (dialect) => {
  let shop: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
    const response = await shop.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json();
  });
  afterAll(() => shop.close());

  it('is OpenAPI 3.1 and lists every /api route, and only routes that exist', () => {
    expect(document.openapi).toBe('3.1.0');
    const registered = shop.app.apiRoutes
      .filter((route) => route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(operations(document).sort()).toEqual([...new Set(registered)].sort());
  });

  it("describes bodies from the routes' zod schemas and says how automation calls sign", () => {
    const payment = document.paths['/api/hooks/payment']!.post!;
    expect(payment.security).toEqual([{ secretToken: [] }, { signature: [] }]);
    const body = payment.requestBody!.content['application/json']!.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['order_id', 'status', 'payment_id']));
    expect(body.required).toEqual(expect.arrayContaining(['order_id', 'status']));
    expect(document.paths['/api/orders']!.post!.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/robots']!.get!.security).toBeUndefined();
  });

  it('declares a response schema on every JSON route; the exceptions are listed with their reason', () => {
    const entries = operationEntries(document);
    const undescribed = entries
      .filter(({ key, operation }) => !(key in WITHOUT_RESPONSE_SCHEMA) && !describesItsAnswer(operation.responses))
      .map(({ key }) => key);
    expect(undescribed).toEqual([]);
    // The exceptions are routes that exist, and answer no JSON body the document could describe.
    const keys = entries.map(({ key }) => key);
    for (const exception of Object.keys(WITHOUT_RESPONSE_SCHEMA)) expect(keys).toContain(exception);
    const json = document.paths['/api/robots']!.get!.responses!['200']!.content!['application/json']!.schema as {
      type: string;
      items: { properties: Record<string, unknown> };
    };
    expect(json.type).toBe('array');
    expect(Object.keys(json.items.properties)).toEqual(expect.arrayContaining(['id', 'name', 'price', 'winrate']));
  });
});
