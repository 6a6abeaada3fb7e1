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
    /** Requests each connection repeats; `setupRequest` may change one per connection (its context). */
    requests?: Array<{ method?: string; path?: string; setupRequest?: (request: Record<string, any>, context: Record<string, any>) => Record<string, any> }>;
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
