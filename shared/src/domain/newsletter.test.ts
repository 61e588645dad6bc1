/** The newsletter sign-up (docs/product-rules.md "Newsletter sign-up"): its fields and the messages a visitor sees. */
import { ValidationError } from 'yup';
import { newsletterSchema } from '../forms/newsletter';
import { NEWSLETTER_FIELDS, NEWSLETTER_MESSAGES, newsletterFieldName } from './newsletter';

/** The message of each field the schema refuses, as the form shows them. */
async function errors(signup: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await newsletterSchema.validate(signup, { abortEarly: false, strict: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

it("posts the marketing service's form fields, named mauticform[...]", () => {
  expect(NEWSLETTER_FIELDS.map(newsletterFieldName)).toEqual([
    'mauticform[first_name]',
    'mauticform[email]',
    'mauticform[formId]',
    'mauticform[formName]',
    'mauticform[return]',
  ]);
});

describe('the messages', () => {
  it('takes an e-mail address alone, or with a first name', async () => {
    expect(await errors({ email: 'sam@example.co.uk' })).toEqual({});
    expect(await errors({ first_name: 'Sam', email: 'sam@example.co.uk', formId: '3', formName: 'footer' })).toEqual({});
  });

  it("says the specification's message when the e-mail is missing", async () => {
    expect(NEWSLETTER_MESSAGES.emailRequired).toBe('The email is a required field.');
    expect(await errors({ first_name: 'Sam' })).toEqual({ email: 'The email is a required field.' });
    expect(await errors({ email: '   ' })).toEqual({ email: 'The email is a required field.' });
  });

  it('asks for a valid address when the e-mail is not one', async () => {
    for (const email of ['sam', 'sam@example', 'sam@@example.com', 'sam@example.c']) {
      expect(await errors({ email })).toEqual({ email: 'Please enter a valid email address.' });
    }
  });

  it('asks for a first name of 50 characters or fewer', async () => {
    expect(await errors({ first_name: 'S'.repeat(50), email: 'sam@example.co.uk' })).toEqual({});
    expect(await errors({ first_name: 'S'.repeat(51), email: 'sam@example.co.uk' })).toEqual({
      first_name: 'Please keep your first name to 50 characters or fewer.',
    });
  });

  it("says a hidden field is not valid when it is not the form's own", async () => {
    expect(await errors({ email: 'sam@example.co.uk', formId: '3; drop' })).toEqual({ formId: 'This field is not valid.' });
  });
});
