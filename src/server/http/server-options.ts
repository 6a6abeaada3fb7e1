import type { Config } from '../config.js';
import { loggerOptions } from './logging.js';

/** How often Node looks for requests past their header or request timeout. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

function requestIds(): () => string {
  const prefix = crypto.randomUUID().slice(0, 8);
  let counter = 0;
  return () => `${prefix}-${(++counter).toString(36)}`;
}

function hopCount(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export interface LogOptions {
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** The Fastify server's own options: logging, proxies, request ids and timeouts. */
export function serverOptions(config: Config, { logger, logStream }: LogOptions) {
  return {
    logger: logger === false ? false : { ...loggerOptions(config), ...(logStream ? { stream: logStream } : {}) },
    // A hop count means: believe that many proxies in front of us.
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    // Ids travel in logs: a random prefix per process keeps them unique across instances, a
    // counter keeps them cheap.
    genReqId: requestIds(),
    forceCloseConnections: 'idle' as const,
    // Slow or stalled clients must not hold connections forever (see config.ts for each limit).
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
  };
}
