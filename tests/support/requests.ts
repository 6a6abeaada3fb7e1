import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SAME_ORIGIN } from './sessions.js';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Payload = string | Buffer | object;

/**
 * Requests to the app as one browser would send them: from the shop's own origin, with one
 * session's cookie (none for a visitor). A payload object is sent as JSON, a string or a Buffer
 * as it is (give the content-type in `headers`).
 */
export interface Requester {
  /** The Cookie header of the session; empty for a visitor. */
  cookie: string;
  request(
    method: Method,
    url: string,
    payload?: Payload,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: Payload, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, payload?: Payload, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export function requester(app: FastifyInstance, cookie = ''): Requester {
  const request: Requester['request'] = (method, url, payload, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    cookie,
    request,
    get: (url, headers) => request('GET', url, undefined, headers),
    post: (url, payload, headers) => request('POST', url, payload, headers),
    put: (url, payload, headers) => request('PUT', url, payload, headers),
    patch: (url, payload, headers) => request('PATCH', url, payload, headers),
    delete: (url, payload, headers) => request('DELETE', url, payload, headers),
  };
}
