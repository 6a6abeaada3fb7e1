import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** Query parameters whose values are credentials: links in emails, signed downloads, OAuth. */
const secretParams = /([?&](?:[\w-]*token|signature|sig|code|state|secret|password|key)=)[^&#]*/gi;

/**
 * Path segments that are credentials: the emailed password-reset link
 * (/api/auth/reset-password/<token>), and any segment that looks like one (24 or more letters,
 * digits, "-" or "_", with a digit, not a UUID), so that a new route with a token in its path is
 * masked too, while route names and robot ids stay readable.
 */
const secretPathSegments = /(\/reset-password\/)[^/?#]+/gi;
const tokenLikeSegment =
  /\/(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=[/?#]|$))(?=[\w-]*\d)[\w-]{24,}(?=[/?#]|$)/gi;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  const maskedPath = path.replace(secretPathSegments, '$1[redacted]').replace(tokenLikeSegment, '/[redacted]');
  return maskedPath + query.replace(secretParams, '$1[redacted]');
}

/**
 * Request logs carry method, path and status. Headers are not logged at all, so cookies,
 * authorization and the automation secret cannot leak; secret-bearing query values are masked.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-secret-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
