/**
 * Test harness of the basket remote: node globals react-router needs, a fake same-origin API
 * (fetch), a router around the fragment, and a clean shared store between tests.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { runInAction } from 'mobx';
import { basketStore, uiStore, type BasketItem } from '@copytech/shared';
import { TERMS_URL, type Product } from '@copytech/shared/domain';
import { TEST_TERMS } from '@copytech/shared/testing';
import { drawerView } from '../basket/drawerView';
import { basketQuoteForm, instantQuoteForm } from '../quote/QuoteFormModel';
import { forgetProductDetails } from '../products/productDetails';

export function product(brand: string, model: string, extra: Partial<Product> = {}): Product {
  return {
    modelId: `${brand}${model}`.replace(/[^A-Za-z0-9+_()]/g, '').toLowerCase(),
    brand,
    model,
    productCategory: 'multifunctional-printer',
    productSpecification: null,
    colourPrinting: 'colour',
    paperSize: 'A3',
    isActive: 1,
    images: [{ filename: 'front.png' }],
    price: { startingFrom: 250000, '60MonthLeasePrice': 18000 },
    productAttributes: { printSpeedPpm: 30, scanSpeedPpm: null, maxPaperSize: 'A3', isColour: true },
    productFeatures: [{ featureName: 'Technology', featureValue: 'Laser' }],
    ...extra,
  };
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fake API: products by modelId, and a queue of answers for POST /api/quote (a thrown
 * TypeError stands for a network failure). Every request is recorded.
 */
export function fakeApi(products: Product[] = []) {
  const quoteAnswers: Array<FakeResponse | 'network' | Promise<FakeResponse>> = [];
  const requests: RecordedRequest[] = [];
  const byId = new Map(products.map((p) => [p.modelId, p]));
  const respond = ({ status, body, headers = {} }: FakeResponse) =>
    ({
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => headers[name] ?? headers[name.toLowerCase()] ?? null },
      json: async () => body,
    }) as unknown as Response;

  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}));
    const method = init.method ?? 'GET';
    // The commercial terms (useTerms) are the server's, the same on every page: answered, not recorded.
    if (url === TERMS_URL) return respond({ status: 200, body: TEST_TERMS });
    requests.push({ url, method, headers, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const productMatch = /^\/api\/v3\/products\/(.+)$/.exec(url);
    if (productMatch) {
      const found = byId.get(decodeURIComponent(productMatch[1]!));
      return respond(found ? { status: 200, body: found } : { status: 404, body: { statusCode: 404, message: 'Product not found' } });
    }
    if (url === '/api/printers/all?limit=48') return respond({ status: 200, body: { count: products.length, results: products } });
    if (url === '/api/quote' && method === 'POST') {
      const answer = quoteAnswers.shift() ?? { status: 201, body: { reference: 'CT-7K3M9Q2P' } };
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return respond(await answer);
    }
    return respond({ status: 404, body: {} });
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return {
    fetchMock,
    requests,
    quoteRequests: () => requests.filter((r) => r.url === '/api/quote'),
    /** Queue the next answers of POST /api/quote. */
    answerQuote: (...answers: Array<FakeResponse | 'network' | Promise<FakeResponse>>) => quoteAnswers.push(...answers),
  };
}

export function resetBasket(): void {
  runInAction(() => {
    basketStore.clear();
    drawerView.backToBasket();
    drawerView.acknowledgeConfirmation();
    basketStore.stopInstantMode();
    uiStore.closeDrawer();
  });
  basketQuoteForm.reset();
  instantQuoteForm.reset();
  forgetProductDetails();
  window.localStorage.clear();
}

export function fillBasket(products: Product[]): void {
  products.forEach((p) => basketStore.add(p));
}

export function renderFragment(element: ReactElement) {
  return render(<MemoryRouter initialEntries={['/printers/multifunctionals']}>{element}</MemoryRouter>);
}

export const VALID_DETAILS = {
  firstName: 'Jo',
  lastName: 'Bloggs',
  email: 'jo@example.co.uk',
  phoneNumber: '0116 496 0123',
  postcode: 'LE19 1WX',
};

export type { BasketItem };
