/** The commercial terms (docs/product-rules.md "Commercial terms"): reading the file, and the words made from it. */
import { TEST_TERMS } from '../testing/terms';
import { minimumChargeWords, parseCommercialTerms, pricePerPageWords, TermsError, urgencyLabel } from './terms';
import { fillPlaceholders, termsPlaceholderValues, unknownPlaceholders } from './termsPlaceholders';
import { pageBillingTerms } from './runningCosts';

// A copy to spoil field by field: any, because each case reaches into a different part of it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Spoilable = Record<string, any>;
const raw = () => JSON.parse(JSON.stringify(TEST_TERMS)) as Spoilable;

describe('reading the terms file', () => {
  it('keeps a valid file as it is', () => {
    expect(parseCommercialTerms(raw())).toEqual(TEST_TERMS);
  });
  it.each<[string, (terms: Spoilable) => void, RegExp]>([
    ['no lease', (t) => delete t.lease, /^lease must be an object/],
    ['a lease price shown for 36 months', (t) => (t.lease.pricesShownForMonths = 36), /pricesShownForMonths must be 60/],
    ['60 months not offered', (t) => (t.lease.termsOfferedMonths = [36, 48]), /pricesShownForMonths must be 60/],
    [
      'a minimum in pounds with pence',
      (t) => (t.lease.minimumStartingPricePence = 999.5),
      /minimumStartingPricePence must be a whole number/,
    ],
    ['a zero price per page', (t) => (t.service.pricePerPage.fromPence.mono = 0), /fromPence\.mono must be a number above 0/],
    ['markup in a text', (t) => (t.service.covers[0] = '<b>toner</b>'), /service\.covers\[0\] must be plain text/],
    ['an urgency without a standard', (t) => (t.urgencies.high.response = 'soon'), /urgencies\.high\.response must be one of/],
    ['a missing urgency', (t) => delete t.urgencies.low, /urgencies\.low must be an object/],
    ['a missing response standard', (t) => delete t.engineerResponse.fault, /engineerResponse\.fault must be plain text/],
    ['no page billing', (t) => delete t.service.pageBilling, /service\.pageBilling must be an object/],
    ['an A3 page counted as three', (t) => (t.service.pageBilling.a4PagesPerA3Page = 3), /a4PagesPerA3Page must be 1 or 2/],
    [
      'a coverage above 100%',
      (t) => (t.service.pageBilling.coveragePercent = 150),
      /coveragePercent must be a number above 0 and at most 100/,
    ],
    ['a notice in part days', (t) => (t.service.pageBilling.riseNoticeDays = 1.5), /riseNoticeDays must be a whole number/],
  ])('refuses %s, naming the field', (_label, spoil, message) => {
    const terms = raw();
    spoil(terms);
    expect(() => parseCommercialTerms(terms)).toThrow(TermsError);
    expect(() => parseCommercialTerms(terms)).toThrow(message);
  });
});

describe('the words', () => {
  it('says every price per page with "from", and where each machine\'s own prices are', () => {
    expect(pricePerPageWords(TEST_TERMS)).toBe(
      "from 0.39p a mono page and from 3.3p a colour page (A4, ex VAT) on office machines (A4 and A3 multifunctionals and printers); every machine's own prices per page are on its page",
    );
  });
  it('says the minimum charge and each urgency with its standard', () => {
    expect(minimumChargeWords(TEST_TERMS)).toBe('£45 a quarter');
    expect(urgencyLabel('machine-down', TEST_TERMS)).toBe(
      'Machine down: we cannot print (an engineer on site the next business day, if we cannot fix it remotely)',
    );
    expect(urgencyLabel('high', TEST_TERMS)).toBe('Working, but with a fault (within two business days)');
    expect(urgencyLabel('normal', TEST_TERMS)).toBe('Routine: toner, a meter reading or a question (within three business days)');
  });
  it('fills the placeholders of a page, everywhere in it, and names the unknown ones', () => {
    const values = termsPlaceholderValues(TEST_TERMS, { sales: '0330 058 0590', support: '0330 058 0595' });
    const page = {
      body: [{ text: 'From {{terms.monoFrom}} a page, minimum {{ terms.minimumCharge }}.', items: ['Call {{phone.support}}'] }],
    };
    expect(fillPlaceholders(page, values)).toEqual({
      body: [{ text: 'From 0.39p a page, minimum £45 a quarter.', items: ['Call 0330 058 0595'] }],
    });
    expect(values['terms.leaseTerms']).toBe('36, 48 or 60 months');
    expect(values['terms.leaseMinimum']).toBe('£1,000');
    expect(unknownPlaceholders('{{terms.monoFrom}} {{terms.nothing}} {{phone.hub}}', values)).toEqual(['terms.nothing', 'phone.hub']);
  });
  it('quotes the page-billing terms as the product pages say them: all five, or each by name', () => {
    const values = termsPlaceholderValues(TEST_TERMS, { sales: '0330 058 0590', support: '0330 058 0595' });
    const sentences = pageBillingTerms(TEST_TERMS);
    expect(sentences).toHaveLength(5);
    expect(values['terms.pageBilling']).toBe(sentences.join(' '));
    const named = ['Colour', 'Sizes', 'Minimum', 'Coverage', 'Rises'].map((name) => values[`terms.pageBilling${name}`]);
    expect(named).toEqual(sentences);
    expect(values['terms.pageBillingSizes']).toBe(
      'An A3 page counts as two A4 pages, and a plotter sheet as the A4 pages of its area (an A1 sheet is eight).',
    );
    expect(values['terms.pageBillingRises']).toContain('fixed for the first 12 months; after that they may rise once a year');
    expect(values).not.toHaveProperty('terms.quotedPerMachine');
  });
});
