/**
 * Names from a URL are looked up as own properties only: `toString`, `constructor`, `__proto__`
 * and the rest of Object.prototype's names are unknown names everywhere, never a list, category,
 * page, size or product. The routes are read from the app itself, so a new route is walked too.
 */
import type { FastifyInstance } from 'fastify';
import { C5840I, fixtureDataCopy, testApp, testConfig } from './helpers';

const PROTOTYPE_NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];

/** A known value for each path parameter, so each parameter can be tried alone; a new parameter name needs one here. */
const KNOWN: Record<string, string> = {
  category: 'multifunctional-printer',
  subcategory: 'a3-colour',
  list: 'multifunctionals',
  slug: 'home',
  modelId: C5840I,
  size: 'x270',
  brand: 'canon',
  model: 'imagerunner-advance-dx-c5840i',
  filename: 'front.png',
  remote: 'checker',
};
const ORDINARY_UNKNOWN = 'zz-no-such-name';

/** The GET routes with path parameters, from printRoutes()'s tree ("├── /api/x/:a (GET, HEAD)", children indented by 4). */
function parametrisedGetRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack[depth] = path;
    if (
      path.includes('/:') &&
      (match[3] ?? '')
        .split(',')
        .map((m) => m.trim())
        .includes('GET')
    )
      routes.push(path);
  }
  return routes;
}

const fill = (route: string, valueOf: (param: string) => string) =>
  route.replace(/:(\w+)/g, (_m, param: string) => encodeURIComponent(valueOf(param)));

describe('prototype names in URLs', () => {
  let app: FastifyInstance;
  let routes: string[];
  beforeAll(async () => {
    // with the placeholder and illustrations, so an image for an unknown product is the placeholder
    app = await testApp(testConfig({ dataDir: fixtureDataCopy() }));
    routes = parametrisedGetRoutes(app);
  });
  afterAll(() => app.close());

  it('finds every parametrised GET route', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        '/api/products/category/:category',
        '/api/products/category/:category/:subcategory',
        '/api/printers/:list',
        '/api/printers/:list/:subcategory',
        '/api/scanners/:list',
        '/api/pages/slug/:slug',
        '/api/v3/products/:modelId',
        '/api/scanners/getsinglescanner/:modelId',
        '/assets/:size/:brand/:model/:filename',
        '/assets/:size/placeholder.png',
      ]),
    );
    for (const route of routes)
      for (const [, param] of route.matchAll(/:(\w+)/g)) expect([route, param, Object.hasOwn(KNOWN, param!)]).toEqual([route, param, true]);
  });

  it('answers 404 or 400 when every parameter is a prototype name', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const name of PROTOTYPE_NAMES) {
        const url = fill(route, () => name);
        const res = await app.inject({ method: 'GET', url });
        if (res.statusCode !== 404 && res.statusCode !== 400) wrong.push(`${url} -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('treats a prototype name in any one parameter like any other unknown name', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const [, param] of route.matchAll(/:(\w+)/g)) {
        const known = (p: string) => KNOWN[p]!;
        const unknown = await app.inject({ method: 'GET', url: fill(route, (p) => (p === param ? ORDINARY_UNKNOWN : known(p))) });
        for (const name of PROTOTYPE_NAMES) {
          const url = fill(route, (p) => (p === param ? name : known(p)));
          const res = await app.inject({ method: 'GET', url });
          // 404 or 400, or else exactly the answer an ordinary unknown name gets (an image URL of
          // an unknown product answers the placeholder image).
          const ok =
            res.statusCode === 400 ||
            res.statusCode === 404 ||
            (res.statusCode === unknown.statusCode && res.statusCode < 500 && res.rawPayload.equals(unknown.rawPayload));
          if (!ok) wrong.push(`${url} -> ${res.statusCode} (an unknown name: ${unknown.statusCode})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a query lookup by a prototype name with 404 too', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const res = await app.inject({ method: 'GET', url: `/api/printers/similiar?id=${encodeURIComponent(name)}` });
      expect([name, res.statusCode]).toEqual([name, 404]);
    }
  });
});
