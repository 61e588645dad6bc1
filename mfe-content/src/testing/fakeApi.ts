/** A fake same-origin API for the content remote's tests: answers by method and path, records every call. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Reject as a network failure instead of answering. */
  networkError?: boolean;
  /** Answer only when the test says so (for in-flight and double-submit tests). */
  deferred?: boolean;
}

export interface FakeCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Route = FakeAnswer | ((call: FakeCall) => FakeAnswer);

export interface FakeApi {
  calls: FakeCall[];
  callsTo(path: string, method?: string): FakeCall[];
  /** Release every deferred answer so far. */
  release(): void;
}

export function installFakeApi(routes: Record<string, Route>): FakeApi {
  const calls: FakeCall[] = [];
  const waiting: Array<() => void> = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    let body: unknown = init.body ?? null;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep the text */
      }
    }
    const call: FakeCall = { method, path: url.pathname + url.search, headers, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`] ?? routes[`${method} ${url.pathname}${url.search}`];
    const answer: FakeAnswer =
      route === undefined ? { status: 404, body: { message: 'Not Found' } } : typeof route === 'function' ? route(call) : route;
    if (answer.deferred) await new Promise<void>((resolve) => waiting.push(resolve));
    if (answer.networkError) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      json: async () => {
        if (answer.body === undefined) throw new SyntaxError('Unexpected end of JSON input');
        return answer.body;
      },
    } as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    callsTo: (path, method = 'GET') => calls.filter((call) => call.path.split('?')[0] === path && call.method === method),
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}
