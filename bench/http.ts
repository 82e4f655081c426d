import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon against one URL on 127.0.0.1: 10 connections, bounded in time. */
export async function load(
  url: string,
  opts: {
    connections?: number;
    seconds?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    /** Each request's `[<id>]` in the address or body becomes a new id (a page cache never hits). */
    idReplacement?: boolean;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? 10,
    method: (opts.method ?? "GET") as "GET",
    body: opts.body,
    headers: opts.headers,
    idReplacement: opts.idReplacement ?? false,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
