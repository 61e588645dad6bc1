import { loadContactRules } from '@copytech/shared/contactForm';
import type { FormWriter, WriteResult } from '@copytech/shared/write';
import { QuoteFormModel, type ContactValues, type QuoteRequestBody } from './QuoteFormModel';
import { VALID_DETAILS } from '../testing/harness';

/** A writer that answers as `send` says (the key rules are the shared writer's, tested with it). */
function modelWith(send: (body: QuoteRequestBody) => Promise<WriteResult>) {
  const model = new QuoteFormModel({ send: send as FormWriter['send'] });
  (Object.entries(VALID_DETAILS) as Array<[keyof ContactValues, string]>).forEach(([field, value]) => model.setValue(field, value));
  return model;
}

// The form loads its rules when it is shown; these tests drive the model alone, with them loaded.
beforeAll(() => loadContactRules());
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('sends once while a request is in flight, however often submit is called', async () => {
  let finish: (result: WriteResult) => void = () => undefined;
  const send = jest.fn(() => new Promise<WriteResult>((resolve) => (finish = resolve)));
  const model = modelWith(send);
  const first = model.submit(['a']);
  await expect(model.submit(['a'])).resolves.toBeNull(); // still checking
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(model.sending).toBe(true);
  await expect(model.submit(['a'])).resolves.toBeNull();
  finish({ outcome: 'sent', status: 201, reference: 'CT-1' });
  await first;
  expect(send).toHaveBeenCalledTimes(1);
  expect(model.sending).toBe(false);
  expect(model.sent).toEqual({ reference: 'CT-1', productKey: 'a', count: 1, email: VALID_DETAILS.email });
});

it('does not send an invalid form or an empty product list', async () => {
  const send = jest.fn(async (): Promise<WriteResult> => ({ outcome: 'sent', status: 201, reference: 'CT-1' }));
  const model = modelWith(send);
  await expect(model.submit([])).resolves.toBeNull();
  model.setValue('postcode', 'nope');
  await expect(model.submit(['a'])).resolves.toBeNull();
  expect(model.errors.postcode).toBe('Please enter a valid post code.');
  expect(send).not.toHaveBeenCalled();
});

it('sends the details as the rules read them, the products and the campaign', async () => {
  const send = jest.fn(async (): Promise<WriteResult> => ({ outcome: 'sent', status: 201, reference: 'CT-1' }));
  const model = modelWith(send);
  model.setValue('postcode', 'le19 1wx');
  await model.submit(['a', 'b']);
  expect(send).toHaveBeenCalledWith(
    expect.objectContaining({
      productIds: ['a', 'b'],
      eventType: 'QUOTE',
      contactDetails: expect.objectContaining({ email: VALID_DETAILS.email }),
    }),
  );
});

it('sends the lease term chosen, and none when none was chosen; a reset forgets it', async () => {
  const send = jest.fn(async (_body: QuoteRequestBody): Promise<WriteResult> => ({ outcome: 'sent', status: 201, reference: 'CT-1' }));
  const model = modelWith(send);
  await model.submit(['a']);
  expect(send.mock.calls[0]![0]).not.toHaveProperty('leaseTermMonths');
  model.chooseLeaseTerm(36);
  await model.submit(['a'], { mono: 3000, colour: 1000 });
  expect(send.mock.calls[1]![0]).toEqual(expect.objectContaining({ leaseTermMonths: 36, volumes: { mono: 3000, colour: 1000 } }));
  model.reset();
  expect(model.leaseTermMonths).toBeNull();
});

it('a failure belongs to the request it came from, and says whether Retry can help', async () => {
  const answers: WriteResult[] = [
    { outcome: 'failed', kind: 'server', status: 503, reason: 'HTTP 503', message: null },
    { outcome: 'invalid', status: 400, message: null, fieldErrors: { 'contactDetails.email': 'Please enter your email address.' } },
  ];
  const model = modelWith(async () => answers.shift()!);
  await model.submit(['a', 'b']);
  expect(model.failureFor(['a', 'b'])).toMatchObject({
    retryable: true,
    message: expect.stringMatching(/^Something went wrong on our side/),
  });
  expect(model.failureFor(['a'])).toBeNull();
  await model.submit(['a']);
  expect(model.failureFor(['a'])).toMatchObject({ retryable: false, message: 'Please check the highlighted details and send again.' });
  expect(model.errors.email).toBe('Please enter your email address.');
});
