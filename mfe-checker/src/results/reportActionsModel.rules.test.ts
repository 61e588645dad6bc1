/**
 * The report's contact rules load when the form is first used. Module state matters here (the
 * loaded rules are kept for every form of the app), so this runs in its own file, starting with
 * rules that cannot be fetched.
 */
import type { ContactValues } from '@copytech/shared/contactForm';
import type { WriteResult } from '@copytech/shared/write';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { ReportActionsModel } from './reportActionsModel';
import { chunks } from '@copytech/shared/testing';

jest.mock('@copytech/shared/forms', () =>
  require('@copytech/shared/testing').chunkLoad('forms', () => jest.requireActual('@copytech/shared/forms')),
);

const DETAILS: ContactValues = {
  firstName: 'Jo',
  lastName: 'Bloggs',
  email: 'jo@example.co.uk',
  phoneNumber: '0116 496 0123',
  postcode: 'LE19 1WX',
};
const store = {
  captchaPayload: 'solved',
  answers: {},
  result: { status: 'saving' },
  captchaUsed: jest.fn(),
  completeCaptcha: jest.fn(),
} as unknown as SavingsCheckerStore;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('rules that cannot load: nothing is sent, the visitor is told, everything typed is kept, and the next try loads them', async () => {
  const send = jest.fn(async (): Promise<WriteResult> => ({ outcome: 'sent', status: 201, reference: 'CT-AFTERNET' }));
  const model = new ReportActionsModel(store, () => undefined, { report: { send }, quote: { send } });
  (Object.keys(DETAILS) as Array<keyof ContactValues>).forEach((field) => model.contact.setValue(field, DETAILS[field]));

  await model.submit('report');
  expect(model.report).toEqual({
    status: 'problem',
    message:
      'We could not reach Copytech, so your request has not been sent. Check your connection and try again. Everything you typed is kept.',
  });
  expect(send).not.toHaveBeenCalled();
  expect(model.contact.values).toEqual(DETAILS);

  chunks.reachable = true; // back online
  await model.submit('report');
  expect(model.report).toEqual({ status: 'sent', reference: 'CT-AFTERNET' });
  expect(send).toHaveBeenCalledTimes(1);
  expect(send.mock.calls[0]).toEqual([
    expect.objectContaining({ captcha: 'solved', contactDetails: expect.objectContaining({ postcode: 'LE19 1WX' }) }),
  ]);
});
