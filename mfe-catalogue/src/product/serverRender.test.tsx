/**
 * @jest-environment node
 *
 * The catalogue rendered as the server renders it (React's streaming renderer, each request with
 * its own page data): two renders at once keep to their own data, and hostile product text stays
 * text, in the markup and in the page's data block.
 */
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PageDataProvider } from '@copytech/shared';
import { API_PATHS, TERMS_URL, productPath, type Product } from '@copytech/shared/domain';
import { TEST_TERMS } from '@copytech/shared/testing';
import { createServerPageData, inlineJson, type PageDataAnswer } from '@copytech/shared/ssr';
import CatalogueRoutes from '../exposed/CatalogueRoutes';
import { makeProduct } from '../testing/products';

/** A product named by brand and model, with the test kit's other fields. */
const product = (brand: string, model: string, overrides: Partial<Product> = {}) => makeProduct(0, { brand, model, ...overrides });

/** The server's way: wait for everything, then write it out whole (no inline scripts). */
function renderWhole(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
      final(done) {
        resolve(chunks.join(''));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/** A page of the catalogue for `product`, its API read answered after `delayMs` (`search`: the page's query). */
function productPage(item: Product, delayMs: number, log: string[], search = '') {
  const data = createServerPageData(async (url): Promise<PageDataAnswer> => {
    if (url === TERMS_URL) return { ok: true, value: TEST_TERMS };
    log.push(`start ${url}`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    log.push(`end ${url}`);
    if (url === API_PATHS.product(item.modelId)) return { ok: true, value: item };
    if (url.startsWith('/api/printers/similiar')) return { ok: true, value: { results: [] } };
    return { ok: false, status: 404 };
  });
  // Mounted as the shell mounts it, under /printers/*.
  const element = (
    <PageDataProvider data={data}>
      <MemoryRouter initialEntries={[`${productPath(item)}${search}`]}>
        <Routes>
          <Route path="/printers/*" element={<CatalogueRoutes section="printers" />} />
        </Routes>
      </MemoryRouter>
    </PageDataProvider>
  );
  return { data, element };
}

describe('server rendering of the catalogue', () => {
  const a = product('Canon', 'imageRUNNER C5840i');
  const b = product('Ricoh', 'IM C3010', { price: { startingFrom: 310000, '60MonthLeasePrice': 19800 } });

  it('renders two pages at once, each with its own product and its own recorded reads only', async () => {
    const log: string[] = [];
    const first = productPage(a, 40, log);
    const second = productPage(b, 5, log);
    const [htmlA, htmlB] = await Promise.all([renderWhole(first.element), renderWhole(second.element)]);

    // The reads did overlap: the second started and ended while the first was waiting.
    expect(log.indexOf(`end ${API_PATHS.product(b.modelId)}`)).toBeLessThan(log.indexOf(`end ${API_PATHS.product(a.modelId)}`));

    expect(htmlA).toContain('imageRUNNER C5840i');
    expect(htmlA).toContain('£6,900.00');
    expect(htmlA).not.toContain('IM C3010');
    expect(htmlB).toContain('IM C3010');
    expect(htmlB).toContain('£3,100.00');
    expect(htmlB).not.toContain('imageRUNNER C5840i');

    expect(Object.keys(first.data.answers())).toContain(API_PATHS.product(a.modelId));
    expect(Object.keys(first.data.answers())).not.toContain(API_PATHS.product(b.modelId));
    expect(Object.keys(second.data.answers())).toContain(API_PATHS.product(b.modelId));
    expect(Object.keys(second.data.answers())).not.toContain(API_PATHS.product(a.modelId));
    // Nothing was left to a Suspense fallback: the pages are whole.
    expect(htmlA).not.toContain('<!--$?-->');
    expect(htmlA).not.toContain('Loading product');
  });

  it('keeps hostile product text as text, in the markup and in the data block', async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>\u2028';
    const evil = product('Canon', 'imageRUNNER C9000', {
      description: hostile,
      productFeatures: [{ featureName: '<b>Bold</b>', featureValue: hostile }],
    });
    const page = productPage(evil, 0, []);
    const html = await renderWhole(page.element);
    const block = inlineJson(page.data.answers());

    for (const text of [html, block]) {
      expect(text).not.toContain('<script>alert');
      expect(text).not.toContain('<img src=x');
      expect(text).not.toContain('<b>Bold');
    }
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(block).not.toMatch(/<\/script/i);
    expect(block).not.toContain('\u2028');
    // The data block gives the browser back exactly what the server read.
    const parsed = JSON.parse(block) as Record<string, PageDataAnswer<Product>>;
    const answer = parsed[API_PATHS.product(evil.modelId)]!;
    expect(answer.ok && answer.value.description).toBe(hostile);
  });

  it("renders the running costs whole: the defaults' figure, or the query's volumes bounded, never the query's text", async () => {
    const priced = product('Canon', 'imageRUNNER C5840i', {
      price: { startingFrom: 690000, '60MonthLeasePrice': 41400, servicePerPage: { mono: 0.52, colour: 4 } },
    });
    // React separates adjacent text with empty comments: read the markup without them.
    const defaults = (await renderWhole(productPage(priced, 0, []).element)).replace(/<!-- -->/g, '');
    expect(defaults).toContain('Service:</span> 0.52p a mono page and 4p a colour page (A4, ex VAT)');
    expect(defaults).toContain('£138.00 rental + £55.60 pages = £193.60 a month, ex VAT');
    expect(defaults).toContain('Work it out');

    const query = `?mono=${encodeURIComponent('"><script>alert(1)</script>')}&colour=2500`;
    const typed = (await renderWhole(productPage(priced, 0, [], query).element)).replace(/<!-- -->/g, '');
    // Nonsense is no pages; 2,500 x 4p = £100.
    expect(typed).toContain('£138.00 rental + £100.00 pages = £238.00 a month, ex VAT');
    expect(typed).not.toContain('<script>alert');
    expect(typed).toContain('value="0"');
  });
});
