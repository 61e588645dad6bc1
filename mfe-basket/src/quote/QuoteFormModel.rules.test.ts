/**
 * The quote form's rules (yup and the schema) load when a form is shown, not with the drawer.
 * Module state matters here (the loaded rules are kept), so these tests run in order in their own
 * file, starting with rules that cannot be fetched.
 */
import type { WriteResult } from '@copytech/shared/write';
import { QuoteFormModel, type ContactValues } from './QuoteFormModel';
import { VALID_DETAILS } from '../testing/harness';
import { chunks } from '@copytech/shared/testing';

jest.mock('@copytech/shared/forms', () =>
  require('@copytech/shared/testing').chunkLoad('forms', () => jest.requireActual('@copytech/shared/forms')),
);

const send = jest.fn(async (): Promise<WriteResult> => ({ outcome: 'sent', status: 201, reference: 'CT-1' }));
function filledModel() {
  const model = new QuoteFormModel({ send });
  (Object.entries(VALID_DETAILS) as Array<[keyof ContactValues, string]>).forEach(([field, value]) => model.setValue(field, value));
  return model;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('rules that cannot load: nothing is sent, the visitor is told, and everything typed is kept', async () => {
  const model = filledModel();
  expect(chunks.loads('forms')).toBe(0); // creating a form does not load its rules
  expect(model.isValid).toBe(false);
  const outcome = await model.submit(['a']);
  expect(outcome).toMatchObject({ outcome: 'failed', kind: 'network' });
  expect(model.failureFor(['a'])?.message).toMatch(/could not reach Copytech/);
  expect(model.values).toEqual(VALID_DETAILS);
  expect(send).not.toHaveBeenCalled();
});

it('a field left before the rules arrive gets its message when they do; the form is valid only then', async () => {
  chunks.reachable = true;
  const model = filledModel();
  model.setValue('postcode', 'nope');
  model.blur('postcode');
  expect(model.errors.postcode).toBeUndefined(); // no rules yet: blur asks for them again
  expect(await model.loadRules()).toBe(true);
  expect(model.errors.postcode).toBe('Please enter a valid post code.');
  expect(model.isValid).toBe(false);
  model.setValue('postcode', VALID_DETAILS.postcode);
  expect(model.errors.postcode).toBeUndefined();
  expect(model.isValid).toBe(true);
  await expect(new QuoteFormModel({ send }).loadRules()).resolves.toBe(true); // loaded once, for every form
});
