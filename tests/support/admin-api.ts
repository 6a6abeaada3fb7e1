import type { FastifyInstance } from 'fastify';
import { SAME_ORIGIN } from './sessions.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** An administrator's JSON calls, for API tests of the back office. */
export function adminApi(app: FastifyInstance, cookie: string) {
  return (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...SAME_ORIGIN, cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}
