import type { Readable } from 'node:stream';
import { z } from 'zod';

/** A CSV body: a string, or a stream for exports of any length (its JSON Schema: a string). */
const csvBody: z.ZodType<string | Readable> = z.string();

/**
 * The response schema of a CSV download, for the OpenAPI document. Fastify sends a string or a
 * stream of a non-JSON type as it is: the schema describes the answer, it never serializes it.
 */
export const csvFile = { description: 'A CSV file', content: { 'text/csv': { schema: csvBody } } };
