/** The commercial terms (docs/product-rules.md "Commercial terms"): reading the file, and the words made from it. */
import { TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT } from '../testing/machines';
import { TEST_TERMS } from '../testing/terms';
import {
  leaseTermsWords,
  listInWords,
  minimumChargeWords,
  moneyWords,
  parseCommercialTerms,
  penceWords,
  periodWords,
  pricePerPageWords,
  rentalNote,
  rentalTermsSummary,
  servicingSentence,
  supplySentence,
  NO_PAGE_CHARGES,
  consumableOf,
  onTheNetwork,
  TermsError,
  TERMS_URL,
  urgencyLabel,
  type CommercialTerms,
} from './terms';
import { fillPlaceholders, termsPlaceholderValues, unknownPlaceholders } from './termsPlaceholders';
import { pageBillingTerms } from './runningCosts';
import { COMPANY, CREDIT_BROKER_DISCLOSURE, companyRegistrationLine } from '../company';

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
    ['a missing urgency', (t) => delete t.urgencies.high, /urgencies\.high must be an object/],
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
  it('quotes the facts a blog post or a page would otherwise copy: how long prices are fixed, how many people an A4 machine suits', () => {
    const values = termsPlaceholderValues(TEST_TERMS, { sales: '0330 058 0590', support: '0330 058 0595' });
    expect(values['terms.priceFixedMonths']).toBe(String(TEST_TERMS.service.pageBilling.fixedForMonths));
    expect(values['terms.priceFixedMonths']).toBe('12');
    expect(values['terms.a4TeamUpTo']).toBe('10');
  });
  it('says who we are in law from COMPANY, as the footer and the e-mails do', () => {
    const values = termsPlaceholderValues(TEST_TERMS, { sales: '0330 058 0590', support: '0330 058 0595' });
    expect(values['company.registration']).toBe(companyRegistrationLine());
    expect(values['company.creditBroker']).toBe(CREDIT_BROKER_DISCLOSURE);
    expect(values['company.number']).toBe(COMPANY.companyNumber);
    expect(values['company.vatNumber']).toBe(COMPANY.vatNumber);
    expect(values['company.legalName']).toBe(COMPANY.legalName);
    expect(values['company.registeredOffice']).toBe('Unit 4, Meridian Business Park, Leicester, LE19 1WX');
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

describe('reading the terms file: every field', () => {
  const refusal = (spoil: (terms: Spoilable) => void) => {
    const terms = raw();
    spoil(terms);
    try {
      parseCommercialTerms(terms);
    } catch (error) {
      expect(error).toBeInstanceOf(TermsError);
      return (error as Error).message;
    }
    return 'accepted';
  };
  const PLAIN_TEXT = "must be plain text (letters, digits, spaces and £%.,:;()'/-), at most 200 characters";

  it('is served at /api/terms', () => {
    expect(TERMS_URL).toBe('/api/terms');
  });

  it('takes plain text of every allowed character, up to 200 characters', () => {
    for (const character of "AZaz09 £%.,:;()'/-") {
      expect(refusal((t) => (t.service.doesNotCover[0] = `paper${character}x`))).toBe('accepted');
    }
    expect(refusal((t) => (t.service.doesNotCover[0] = 'p'.repeat(200)))).toBe('accepted');
    expect(refusal((t) => (t.service.doesNotCover[1] = 'p'.repeat(201)))).toBe(`service.doesNotCover[1] ${PLAIN_TEXT}`);
  });

  it('refuses markup, braces, other characters, an empty text or a text that is not one', () => {
    for (const bad of ['<b>', 'a{{x}}', 'say "hi"', 'yes!', 'a&b', 'why?', 'two\nlines', '', 42, null]) {
      expect(refusal((t) => (t.lease.covers[0] = bad))).toBe(`lease.covers[0] ${PLAIN_TEXT}`);
    }
    expect(refusal((t) => (t.lease.covers[2] = 'ok<'))).toBe(`lease.covers[2] ${PLAIN_TEXT}`);
  });

  it('names each text field it refuses', () => {
    const cases: Array<[(t: Spoilable) => void, string]> = [
      [(t) => (t.lease.doesNotCover[1] = '<i>'), 'lease.doesNotCover[1]'],
      [(t) => (t.service.covers[5] = '<i>'), 'service.covers[5]'],
      [(t) => (t.service.pricePerPage.fromAppliesTo = '<i>'), 'service.pricePerPage.fromAppliesTo'],
      [(t) => (t.service.pageBilling.colourPage = '<i>'), 'service.pageBilling.colourPage'],
      [(t) => (t.service.pageBilling.aboveCoverage = '<i>'), 'service.pageBilling.aboveCoverage'],
      [(t) => (t.service.pageBilling.riseAtMost = '<i>'), 'service.pageBilling.riseAtMost'],
      [(t) => (t.engineerResponse.routine = '<i>'), 'engineerResponse.routine'],
      [(t) => (t.urgencies.normal.label = '<i>'), 'urgencies.normal.label'],
    ];
    for (const [spoil, field] of cases) expect(refusal(spoil)).toBe(`${field} ${PLAIN_TEXT}`);
  });

  it('refuses a list that is missing or empty', () => {
    expect(refusal((t) => (t.lease.covers = []))).toBe('lease.covers must be a list of at least one item');
    expect(refusal((t) => (t.lease.doesNotCover = 'toner'))).toBe('lease.doesNotCover must be a list of at least one item');
    expect(refusal((t) => delete t.service.covers)).toBe('service.covers must be a list of at least one item');
    expect(refusal((t) => (t.service.doesNotCover = []))).toBe('service.doesNotCover must be a list of at least one item');
  });

  it('takes numbers above 0, whole where they count things', () => {
    expect(refusal((t) => (t.service.pricePerPage.fromPence.colour = 0.01))).toBe('accepted');
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '3', null]) {
      expect(refusal((t) => (t.service.pricePerPage.fromPence.colour = bad))).toBe(
        'service.pricePerPage.fromPence.colour must be a number above 0',
      );
    }
    const whole: Array<[(t: Spoilable, value: unknown) => void, string]> = [
      [(t, v) => (t.lease.pricesShownForMonths = v), 'lease.pricesShownForMonths'],
      [(t, v) => (t.lease.billedEveryMonths = v), 'lease.billedEveryMonths'],
      [(t, v) => (t.lease.minimumStartingPricePence = v), 'lease.minimumStartingPricePence'],
      [(t, v) => (t.service.pageBilling.fixedForMonths = v), 'service.pageBilling.fixedForMonths'],
      [(t, v) => (t.service.pageBilling.riseNoticeDays = v), 'service.pageBilling.riseNoticeDays'],
      [(t, v) => (t.service.minimumCharge.pence = v), 'service.minimumCharge.pence'],
      [(t, v) => (t.service.minimumCharge.periodMonths = v), 'service.minimumCharge.periodMonths'],
    ];
    for (const [set, field] of whole) {
      for (const bad of [0, 2.5, 'x']) expect(refusal((t) => set(t, bad))).toBe(`${field} must be a whole number above 0`);
    }
    expect(refusal((t) => (t.service.pricePerPage.fromPence.mono = -0.39))).toBe(
      'service.pricePerPage.fromPence.mono must be a number above 0',
    );
  });

  it('refuses lease terms that are not a list of whole months, and sorts them', () => {
    expect(refusal((t) => (t.lease.termsOfferedMonths = []))).toBe('lease.termsOfferedMonths must be a list of months');
    expect(refusal((t) => (t.lease.termsOfferedMonths = 60))).toBe('lease.termsOfferedMonths must be a list of months');
    expect(refusal((t) => (t.lease.termsOfferedMonths = [36, 48.5, 60]))).toBe(
      'lease.termsOfferedMonths[1] must be a whole number above 0',
    );
    expect(refusal((t) => (t.lease.pricesShownForMonths = 48))).toBe(
      "lease.pricesShownForMonths must be 60 (the catalogue's lease price) and one of termsOfferedMonths",
    );
    const terms = raw();
    terms.lease.termsOfferedMonths = [60, 24, 36, 48];
    expect(parseCommercialTerms(terms).lease.termsOfferedMonths).toEqual([24, 36, 48, 60]);
  });

  it('counts an A3 page as one or two A4 pages, and a coverage up to 100%', () => {
    for (const [a3, coverage] of [
      [1, 100],
      [2, 0.5],
    ]) {
      const terms = raw();
      terms.service.pageBilling.a4PagesPerA3Page = a3;
      terms.service.pageBilling.coveragePercent = coverage;
      expect(parseCommercialTerms(terms).service.pageBilling).toMatchObject({ a4PagesPerA3Page: a3, coveragePercent: coverage });
    }
    expect(refusal((t) => (t.service.pageBilling.a4PagesPerA3Page = '2'))).toBe('service.pageBilling.a4PagesPerA3Page must be 1 or 2');
    expect(refusal((t) => (t.service.pageBilling.coveragePercent = 100.5))).toBe(
      'service.pageBilling.coveragePercent must be a number above 0 and at most 100',
    );
    expect(refusal((t) => (t.service.pageBilling.coveragePercent = 0))).toBe(
      'service.pageBilling.coveragePercent must be a number above 0',
    );
  });

  it('names each part that is not an object', () => {
    expect(refusal((t) => (t.lease = ['60']))).toBe('lease must be an object');
    expect(refusal((t) => (t.service = null))).toBe('service must be an object');
    expect(refusal((t) => (t.service.pricePerPage = 'from 0.39p'))).toBe('service.pricePerPage must be an object');
    expect(refusal((t) => delete t.service.pricePerPage.fromPence)).toBe('service.pricePerPage.fromPence must be an object');
    expect(refusal((t) => delete t.service.minimumCharge)).toBe('service.minimumCharge must be an object');
    expect(refusal((t) => delete t.engineerResponse)).toBe('engineerResponse must be an object');
    expect(refusal((t) => (t.urgencies = []))).toBe('urgencies must be an object');
    expect(refusal((t) => (t.urgencies['machine-down'] = 'machine-down'))).toBe('urgencies.machine-down must be an object');
    expect(() => parseCommercialTerms('terms')).toThrow(new TermsError('terms must be an object'));
  });

  it('says how many people an A4 machine suits, as a whole number', () => {
    expect(refusal((t) => (t.machineFit.a4TeamUpTo = 'about ten'))).toBe('machineFit.a4TeamUpTo must be a whole number above 0');
    expect(refusal((t) => delete (t as { machineFit?: unknown }).machineFit)).toBe('machineFit must be an object');
  });
  it('says whether prices per page vary by machine, and which standard answers each urgency', () => {
    expect(refusal((t) => (t.service.pricePerPage.variesByMachine = 'yes'))).toBe(
      'service.pricePerPage.variesByMachine must be true or false',
    );
    expect(refusal((t) => (t.urgencies.normal.response = 'whenever'))).toBe(
      'urgencies.normal.response must be one of machine-down, fault, routine',
    );
    const terms = raw();
    terms.service.pricePerPage.variesByMachine = false;
    terms.urgencies.normal.response = 'fault';
    const parsed = parseCommercialTerms(terms);
    expect(parsed.service.pricePerPage.variesByMachine).toBe(false);
    expect(urgencyLabel('normal', parsed)).toBe('Routine: toner, a meter reading or a question (within two business days)');
  });
});

describe('the words, each', () => {
  it('lists with commas and "and"', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['paper'])).toBe('paper');
    expect(listInWords(['paper', 'staples'])).toBe('paper and staples');
    expect(listInWords(['toner', 'parts', 'servicing'])).toBe('toner, parts and servicing');
  });

  it('says the lease terms offered with "or"', () => {
    expect(leaseTermsWords(TEST_TERMS.lease)).toBe('36, 48 or 60 months');
    expect(leaseTermsWords({ ...TEST_TERMS.lease, termsOfferedMonths: [48, 60] })).toBe('48 or 60 months');
    expect(leaseTermsWords({ ...TEST_TERMS.lease, termsOfferedMonths: [60] })).toBe('60 months');
  });

  it('says prices per page in pence, periods as people say them, and money in whole pounds where it can', () => {
    expect(penceWords(0.39)).toBe('0.39p');
    expect(penceWords(4)).toBe('4p');
    expect([1, 3, 12, 6, 2].map(periodWords)).toEqual(['a month', 'a quarter', 'a year', 'every 6 months', 'every 2 months']);
    expect(moneyWords(100000)).toBe('£1,000');
    expect(moneyWords(4550)).toBe('£45.50');
    expect(moneyWords(4500)).toBe('£45');
    expect(moneyWords(Number.NaN)).toBe('');
  });

  it('says the minimum charge over its period', () => {
    const minimum = (pence: number, periodMonths: number) =>
      minimumChargeWords({ ...TEST_TERMS, service: { ...TEST_TERMS.service, minimumCharge: { pence, periodMonths } } });
    expect(minimum(1500, 1)).toBe('£15 a month');
    expect(minimum(18050, 12)).toBe('£180.50 a year');
  });

  it('says prices per page without "from" when they do not vary by machine', () => {
    const fixed = {
      ...TEST_TERMS,
      service: { ...TEST_TERMS.service, pricePerPage: { ...TEST_TERMS.service.pricePerPage, variesByMachine: false } },
    };
    expect(pricePerPageWords(fixed)).toBe('0.39p a mono page and 3.3p a colour page (A4, ex VAT)');
  });
});

describe("a lease's note", () => {
  const withLease = (lease: Partial<CommercialTerms['lease']>): CommercialTerms => ({
    ...TEST_TERMS,
    lease: { ...TEST_TERMS.lease, ...lease },
  });

  it('says the term, its billing, the other terms, what it covers and what the service agreement charges per page', () => {
    expect(rentalNote(TEST_A3_COLOUR, TEST_TERMS)).toEqual({
      short: 'ex VAT, 60-month lease',
      full:
        'Ex VAT, on a 60-month lease billed quarterly (£414.00 a quarter plus VAT). Terms of 36 or 48 months are quoted on request. ' +
        'It covers the machine, financed over the term, delivery, installation, network set-up and a handover for your team: ' +
        'toner, parts and servicing are charged per page printed, under a separate service agreement. Lease finance is subject to status.',
    });
  });

  it('says one thing of the servicing of a machine that prints nothing, and network set-up only for one on the network', () => {
    for (const productCategory of ['production-scanners', 'personal-scanners']) {
      expect(rentalNote({ ...TEST_A3_COLOUR, productCategory }, TEST_TERMS)?.full).toContain(
        'delivery, installation, network set-up and a handover for your team. ' +
          'It prints nothing, so it has no page charges: its servicing is priced separately. Lease finance is subject to status.',
      );
    }
    // A finisher fits a machine that is on the network: its lease covers no network set-up.
    const finisher = rentalNote({ ...TEST_A3_COLOUR, productCategory: 'finisher' }, TEST_TERMS)?.full;
    expect(finisher).toContain(
      'It covers the machine, financed over the term, delivery, installation and a handover for your team. ' +
        'It prints nothing, so it has no page charges: its servicing is priced separately.',
    );
    expect(finisher).not.toMatch(/network|per page/);
    // A scanner that connects by USB alone is not set up on a network either.
    const usb = {
      ...TEST_A3_COLOUR,
      productCategory: 'personal-scanners',
      productFeatures: [{ featureName: 'Connectivity', featureValue: 'USB' }],
    };
    expect(rentalNote(usb, TEST_TERMS)?.full).not.toContain('network');
    // An inkjet's lease leaves ink, not toner, to the service agreement.
    const inkjet = { ...TEST_A3_COLOUR, productFeatures: [{ featureName: 'Technology', featureValue: 'Inkjet' }] };
    expect(rentalNote(inkjet, TEST_TERMS)?.full).toContain(
      'a handover for your team: ink, parts and servicing are charged per page printed',
    );
    expect(rentalNote({ ...TEST_A3_COLOUR, productCategory: undefined as unknown as string }, TEST_TERMS)?.full).toContain(
      'charged per page printed',
    );
  });

  it('says no other terms when only one is offered, and each billing period in words', () => {
    const only60 = rentalNote(TEST_A3_COLOUR, withLease({ termsOfferedMonths: [60] }))?.full;
    expect(only60).toBe(
      'Ex VAT, on a 60-month lease billed quarterly (£414.00 a quarter plus VAT). It covers the machine, financed over the term, ' +
        'delivery, installation, network set-up and a handover for your team: toner, parts and servicing are charged per page printed, ' +
        'under a separate service agreement. Lease finance is subject to status.',
    );
    const billed = (billedEveryMonths: number) => rentalNote(TEST_A3_COLOUR, withLease({ billedEveryMonths }))?.full.split('.')[0];
    expect(billed(1)).toBe('Ex VAT, on a 60-month lease billed monthly (£414');
    expect(billed(12)).toBe('Ex VAT, on a 60-month lease billed yearly (£414');
    expect(billed(6)).toBe('Ex VAT, on a 60-month lease billed every 6 months (£414');
    expect(rentalNote(TEST_A3_COLOUR, withLease({ billedEveryMonths: 6 }))?.full).toContain('(£414.00 every 6 months plus VAT)');
  });

  it('is null where no lease is offered: a machine below the lease minimum is sold outright', () => {
    expect(rentalNote(TEST_A4_MONO_OUTRIGHT, TEST_TERMS)).toBeNull();
  });

  it('sums up the lease and the service under several machines', () => {
    expect(rentalTermsSummary(TEST_TERMS)).toBe(
      'Prices exclude VAT. A lease is offered on machines from £1,000 over 36, 48 or 60 months; rental per month is a third of the ' +
        'quarterly payment on a 60-month lease (finance subject to status). It covers the machine, financed over the term, delivery, ' +
        'installation, network set-up and a handover for your team: toner, parts and servicing are charged per page printed, under a ' +
        "separate service agreement. Service is from 0.39p a mono page and from 3.3p a colour page (A4, ex VAT) on office machines (A4 and A3 multifunctionals and printers); every machine's own prices per page are on its page.",
    );
    expect(rentalTermsSummary(withLease({ billedEveryMonths: 1 }))).toContain('a third of the monthly payment');
  });
});

describe("the pages' placeholders", () => {
  const values = termsPlaceholderValues(TEST_TERMS, { sales: '0330 058 0590', support: '0330 058 0595' });

  it('quote every term a page may name', () => {
    expect(values).toMatchObject({
      'terms.pricePerPage': pricePerPageWords(TEST_TERMS),
      'terms.monoFrom': '0.39p',
      'terms.colourFrom': '3.3p',
      'terms.fromAppliesTo': 'office machines (A4 and A3 multifunctionals and printers)',
      'terms.minimumCharge': '£45 a quarter',
      'terms.serviceCovers':
        'toner (delivered free and automatically), parts, labour, engineer call-outs, remote diagnostics and firmware updates',
      'terms.serviceExcludes': 'paper and staples',
      'terms.leaseCovers': 'the machine, financed over the term, delivery, installation, network set-up and a handover for your team',
      'terms.leaseExcludes': 'toner, parts and servicing',
      'terms.leaseTerms': '36, 48 or 60 months',
      'terms.leaseShownMonths': '60',
      'terms.leaseMinimum': '£1,000',
      'terms.responseMachineDown': 'an engineer on site the next business day, if we cannot fix it remotely',
      'terms.responseFault': 'within two business days',
      'terms.responseRoutine': 'within three business days',
      'phone.sales': '0330 058 0590',
      'phone.support': '0330 058 0595',
      'terms.priceFixedMonths': '12',
      'terms.a4TeamUpTo': '10',
    });
    // and the six company.* values (the test above)
    expect(Object.keys(values)).toHaveLength(31);
    expect(values['terms.pageBillingColour']).toBe(
      'Colour is billed per page: a page with any colour on it is one colour page, whatever colours it uses, never a charge per colour.',
    );
  });

  it('are filled with spaces inside the braces, several in a text, and left as written when unknown', () => {
    expect(fillPlaceholders('{{terms.monoFrom}} and {{  terms.colourFrom\t}}; {{terms.nothing}}', values)).toBe(
      '0.39p and 3.3p; {{terms.nothing}}',
    );
  });

  it('are only {{group.name}} in letters: anything else is text', () => {
    const text = '{terms.monoFrom} {{terms}} {{terms.mono-from}} {{terms.mono1}} {{ terms . monoFrom }} {{terms.monoFrom.x}}';
    expect(fillPlaceholders(text, values)).toBe(text);
    expect(unknownPlaceholders(text, values)).toEqual([]);
    expect(unknownPlaceholders('{{Terms.MonoFrom}} {{terms.monoFrom}}', values)).toEqual(['Terms.MonoFrom']);
  });

  it('leave what is not text as it is', () => {
    const page = { limit: 3, draft: false, image: null, items: [1, '{{phone.sales}}'] };
    expect(fillPlaceholders(page, values)).toEqual({ limit: 3, draft: false, image: null, items: [1, '0330 058 0590'] });
    expect(fillPlaceholders(undefined, values)).toBeUndefined();
  });
});

describe('what is said of one machine', () => {
  const finisher = { ...TEST_A3_COLOUR, productCategory: 'finisher', price: { startingFrom: 150000, '60MonthLeasePrice': 7200 } };

  it('offers a lease only at or above the lease minimum, and sets up on the network only a machine that goes on it', () => {
    expect(supplySentence(TEST_A3_COLOUR, TEST_TERMS)).toBe(
      'Buy it outright or lease it over 36, 48 or 60 months (finance subject to status), delivered, installed and set up on your network by Copytech.',
    );
    expect(supplySentence(TEST_A4_MONO_OUTRIGHT, TEST_TERMS)).toBe(
      'Sold outright only (we lease machines from £1,000), delivered, installed and set up on your network by Copytech.',
    );
    expect(supplySentence({ ...TEST_A3_COLOUR, price: { startingFrom: 99999, '60MonthLeasePrice': 6000 } }, TEST_TERMS)).toMatch(
      /^Sold outright only/,
    );
    expect(supplySentence({ ...TEST_A3_COLOUR, price: { startingFrom: 100000, '60MonthLeasePrice': 6000 } }, TEST_TERMS)).toMatch(
      /^Buy it outright or lease/,
    );
    expect(supplySentence(finisher, TEST_TERMS)).toBe(
      'Buy it outright or lease it over 36, 48 or 60 months (finance subject to status), delivered and installed by Copytech.',
    );
    expect(supplySentence({ ...TEST_A3_COLOUR, price: null }, TEST_TERMS)).toBe(
      'Delivered, installed and set up on your network by Copytech.',
    );
  });

  it('words servicing from what the machine prints with, and the same one thing for a machine that prints nothing', () => {
    expect(servicingSentence(TEST_A3_COLOUR)).toBe('Toner, parts and servicing come on one service agreement, charged per page printed.');
    expect(servicingSentence({ ...TEST_A3_COLOUR, productFeatures: [{ featureName: 'Technology', featureValue: 'Inkjet' }] })).toBe(
      'Ink, parts and servicing come on one service agreement, charged per page printed.',
    );
    for (const productCategory of ['finisher', 'departmental-scanners']) {
      expect(servicingSentence({ ...TEST_A3_COLOUR, productCategory })).toBe(NO_PAGE_CHARGES);
    }
    expect(consumableOf({ productFeatures: [{ featureName: 'technology', featureValue: 'Laser' }] })).toBe('toner');
    expect(
      onTheNetwork({
        productCategory: 'personal-scanners',
        productFeatures: [{ featureName: 'Connectivity', featureValue: 'Wi-Fi and USB' }],
      }),
    ).toBe(true);
    expect(
      onTheNetwork({ productCategory: 'personal-scanners', productFeatures: [{ featureName: 'Connectivity', featureValue: 'USB' }] }),
    ).toBe(false);
    expect(onTheNetwork({ productCategory: 'finisher', productFeatures: [] })).toBe(false);
  });
});
