import type { z } from 'zod';
import { BadRequestError } from '../errors.js';

/**
 * Validates input inside a handler, with the same error shape as a route schema, for routes that
 * validate only when they must (a cached answer needs no check of a query it was made for).
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: 'querystring' | 'body' | 'params',
): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = [where, ...issue.path.map(String)].join('.');
    fields[key] ??= issue.message;
  }
  const [field, message] = Object.entries(fields)[0]!;
  throw new BadRequestError(`Invalid ${field}: ${message}`, fields);
}
