import { QuoteFormModel, loadQuoteFormRules, type ContactValues } from './QuoteFormModel';
import type { QuoteOutcome, QuoteRequestBody } from './quoteClient';
import { VALID_DETAILS } from '../testing/harness';

function modelWith(send: (body: QuoteRequestBody, key: string) => Promise<QuoteOutcome>) {
  const model = new QuoteFormModel(send);
  (Object.entries(VALID_DETAILS) as Array<[keyof ContactValues, string]>).forEach(([field, value]) => model.setValue(field, value));
  return model;
}

// The form loads its rules when it is shown; these tests drive the model alone, with them loaded.
beforeAll(() => loadQuoteFormRules());
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('sends once while a request is in flight, however often submit is called', async () => {
  let finish: (outcome: QuoteOutcome) => void = () => undefined;
  const send = jest.fn(() => new Promise<QuoteOutcome>((resolve) => (finish = resolve)));
  const model = modelWith(send);
  const first = model.submit(['a']);
  expect(model.sending).toBe(true);
  await expect(model.submit(['a'])).resolves.toBeNull();
  finish({ ok: true, reference: 'CT-1' });
  await first;
  expect(send).toHaveBeenCalledTimes(1);
  expect(model.sending).toBe(false);
  expect(model.sent).toEqual({ reference: 'CT-1', productKey: 'a', count: 1, email: VALID_DETAILS.email });
});

it('does not send an invalid form or an empty product list', async () => {
  const send = jest.fn(async (): Promise<QuoteOutcome> => ({ ok: true, reference: 'CT-1' }));
  const model = modelWith(send);
  await expect(model.submit([])).resolves.toBeNull();
  model.setValue('postcode', 'nope');
  await expect(model.submit(['a'])).resolves.toBeNull();
  expect(model.errors.postcode).toBe('Please enter a valid post code.');
  expect(send).not.toHaveBeenCalled();
});

it('keeps the key for retries of the same request; a new basket means a new key', async () => {
  const keys: string[] = [];
  const send = jest.fn(async (_body: QuoteRequestBody, key: string): Promise<QuoteOutcome> => {
    keys.push(key);
    return { ok: false, kind: 'server', status: 503, fieldErrors: {}, message: null, retryAfterSeconds: null };
  });
  const model = modelWith(send);
  await model.submit(['a', 'b']);
  await model.submit(['a', 'b']);
  await model.submit(['a']);
  expect(keys[0]).toBe(keys[1]);
  expect(keys[2]).not.toBe(keys[0]);
  // A failure belongs to the request it came from.
  expect(model.failureFor(['a'])).not.toBeNull();
  expect(model.failureFor(['a', 'b'])).toBeNull();
});

it('a 422 (key used for another body) starts afresh with a new key', async () => {
  const keys: string[] = [];
  const send = jest.fn(async (_body: QuoteRequestBody, key: string): Promise<QuoteOutcome> => {
    keys.push(key);
    return { ok: false, kind: 'server', status: 422, fieldErrors: {}, message: null, retryAfterSeconds: null };
  });
  const model = modelWith(send);
  await model.submit(['a']);
  await model.submit(['a']);
  expect(keys[1]).not.toBe(keys[0]);
});
