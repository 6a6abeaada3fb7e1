import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../support/test-app.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security?: unknown[]; requestBody?: { content: Record<string, { schema: unknown }> } }>
  >;
}

/** "GET /api/robots/:id" for each operation of the document (OpenAPI writes parameters as {id}). */
function operations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.keys(methods).map(
      (method) =>
        `${method.toUpperCase()} ${url.replace(/\{([^}]+)\}/g, (_match, name: string) => (name === '*' ? '*' : `:${name}`))}`,
    ),
  );
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
});
