import autocannon from 'autocannon';

export type EndpointKind = 'browse' | 'detail' | 'search' | 'member' | 'write';

export type Endpoint = {
  key: string;
  label: string;
  kind: EndpointKind;
  /** Paths taken in turn, so caches see a realistic spread rather than one hot row. */
  paths: string[];
  signedIn?: boolean;
  post?: () => string;
  /** Whether the floor answers it (reads only). */
  floor: boolean;
};

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
};

export async function measure(
  baseUrl: string,
  endpoint: Endpoint,
  connections: number,
  seconds: number,
  cookie?: string,
): Promise<LoadResult> {
  let turn = 0;
  const headers: Record<string, string> = {};
  if (endpoint.signedIn && cookie) headers.cookie = cookie;
  if (endpoint.post) headers['content-type'] = 'application/json';
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        method: endpoint.post ? 'POST' : 'GET',
        setupRequest: (request) => {
          request.path = endpoint.paths[turn++ % endpoint.paths.length] ?? '/';
          if (endpoint.post) request.body = endpoint.post();
          return request;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
