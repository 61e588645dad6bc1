/**
 * Test kit for the catalogue's component tests: products, a fake API behind fetch that records
 * every request, and the catalogue mounted as the shell mounts it (one route per section).
 */
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import type { CatalogueSection } from '@copytech/shared';
import { TERMS_URL, type Product } from '@copytech/shared/domain';
import { TEST_TERMS } from '@copytech/shared/testing';
import CatalogueRoutes from '../exposed/CatalogueRoutes';

export { makeProduct, makeProducts } from './products';

export type FakeAnswer = { status?: number; body?: unknown } | Error;

export interface FakeApi {
  /** path + query of every request, in order */
  requests: string[];
  /** the URLs of requests to a path */
  requestsTo(pathname: string): URL[];
}

/** Replaces fetch with a handler; an Error answer is a network failure. */
export function fakeApi(handler: (url: URL) => FakeAnswer | Promise<FakeAnswer>): FakeApi {
  const requests: string[] = [];
  const urls: URL[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    // The commercial terms (useTerms) are the server's, the same on every page: answered, not recorded.
    if (url.pathname === TERMS_URL) return { ok: true, status: 200, json: async () => TEST_TERMS } as Response;
    requests.push(`${url.pathname}${url.search}`);
    urls.push(url);
    const answer = await handler(url);
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, json: async () => answer.body } as Response;
  }) as typeof fetch;
  return { requests, requestsTo: (pathname) => urls.filter((u) => u.pathname === pathname) };
}

/** A list endpoint over a fixed set of products that honours limit and offset. */
export function listAnswer(all: Product[], url: URL, facets?: unknown): FakeAnswer {
  const limit = Number(url.searchParams.get('limit') ?? 12);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return { body: { count: all.length, results: all.slice(offset, offset + limit), ...(facets ? { facets } : {}) } };
}

const SECTIONS: Array<[string, CatalogueSection]> = [
  ['/printers/*', 'printers'],
  ['/scanners/*', 'scanners'],
  ['/finishers/*', 'finishers'],
  ['/photocopiers', 'photocopiers'],
  ['/commercial-printers', 'commercial-printers'],
  ['/office-printers', 'office-printers'],
  ['/search', 'search'],
];

export interface SiteHandle {
  location(): Location;
  navigate: NavigateFunction;
}

/** The catalogue at a path, mounted like the shell mounts it. */
/** The catalogue at a path, or at a history entry with its state (pages added by "Load more"). */
export function renderCatalogue(
  path: string | { pathname: string; search?: string; state?: unknown },
): SiteHandle & ReturnType<typeof render> {
  const handle = {} as SiteHandle;
  let current: Location;
  function Probe() {
    current = useLocation();
    handle.navigate = useNavigate();
    return null;
  }
  handle.location = () => current;
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {SECTIONS.map(([routePath, section]) => (
          <Route key={section} path={routePath} element={<CatalogueRoutes section={section} />} />
        ))}
        <Route path="*" element={<p>shell not found</p>} />
      </Routes>
      <Probe />
    </MemoryRouter>,
  );
  return Object.assign(result, handle);
}
