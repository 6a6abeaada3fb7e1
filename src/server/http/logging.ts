import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** Query parameters whose values are credentials: links in emails, signed downloads. */
const secretParams = /([?&](?:token|signature|sig|code|secret|password|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}

/**
 * Request logs carry method, path and status. Headers are not logged at all, so cookies,
 * authorization and the automation secret cannot leak; secret-bearing query values are masked.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-secret-token"]', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  };
}
