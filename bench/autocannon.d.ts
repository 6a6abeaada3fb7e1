// autocannon ships no types; this declares only the part of its API the benchmark uses.
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /**
     * Requests sent in turn on each connection; `setupRequest` may rewrite each one before it goes
     * (its context is per connection).
     */
    requests?: Array<{
      method?: string;
      path?: string;
      setupRequest?: (request: RequestParams, context: Record<string, any>) => RequestParams;
    }>;
  }

  export interface RequestParams {
    method?: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    /** Seconds actually elapsed, to the hundredth. */
    duration: number;
    /** Milliseconds. */
    latency: Histogram;
    /** Per second samples; `total` counts completed requests. */
    requests: Histogram;
    /** Bytes per second samples; `total` counts every byte received, headers included. */
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
  }

  /** Without a callback the returned tracker is thenable. */
  function autocannon(options: Options): PromiseLike<Result>;
  export default autocannon;
}
