/**
 * The quote e-mail's running costs (docs/product-rules.md "Running costs"): each machine's own
 * prices per page (never "from"), its estimate a month at its class's default volumes, "none" for
 * a machine that prints nothing, and the page-billing terms once under the machines; in the text
 * and in the HTML, every value escaped.
 */
import { pageBillingTerms, type Product } from '@copytech/shared/domain';
import type { MailContext } from '../../mail/layout';
import { quoteSalesMail, quoteVisitorMail } from './quoteMail';
import { loadCommercialTerms } from '../../plugins/terms';
import { quotedProductOf } from './quoteRoutes';
import { CONTACT, REAL_DATA } from '../../../test/helpers';

const terms = loadCommercialTerms(REAL_DATA);
const context: MailContext = { from: 'quotes@copytech.co.uk', salesEmail: 'sales@copytech.co.uk', publicUrl: null, terms };

const product = (overrides: Partial<Product>): Product => ({
  modelId: 'x',
  brand: 'Canon',
  model: 'X',
  productCategory: 'multifunctional-printer',
  productSpecification: 'office',
  colourPrinting: 'colour',
  paperSize: 'A3',
  images: [],
  isActive: 1,
  price: { startingFrom: 690000, '60MonthLeasePrice': 41400 },
  productAttributes: { printSpeedPpm: 40, scanSpeedPpm: null, maxPaperSize: 'SRA3', isColour: true },
  productFeatures: [],
  description: '',
  ...overrides,
});

const COLOUR_A3 = product({
  modelId: 'canonimagerunneradvancedxc5840i',
  model: 'imageRUNNER ADVANCE DX C5840i',
  price: { startingFrom: 690000, '60MonthLeasePrice': 41400, servicePerPage: { mono: 0.52, colour: 4 } },
});
const MONO_A4 = product({
  modelId: 'brotherhll5210dn',
  brand: 'Brother',
  model: 'HL-L5210DN <b>',
  productCategory: 'office-printer',
  colourPrinting: 'mono',
  paperSize: 'A4',
  price: { startingFrom: 39900, '60MonthLeasePrice': null, servicePerPage: { mono: 0.9, colour: null } },
});
const SCANNER = product({
  modelId: 'fujitsufi8170',
  brand: 'Fujitsu',
  model: 'fi-8170',
  productCategory: 'desktop-workgroup-scanners',
  productSpecification: null,
  price: { startingFrom: 120000, '60MonthLeasePrice': 7200 },
});

const CREATED_AT = '2026-12-03T09:00:00Z';
const forMail = (products: Product[], volumes: { mono: number; colour: number } | null) => ({
  reference: 'Q-TEST',
  createdAt: CREATED_AT,
  contact: CONTACT,
  products: products.map((p) => quotedProductOf(p, terms.lease)),
  volumes,
  leaseTermMonths: null,
});

describe('the quote e-mail says what each machine costs to run', () => {
  const mail = quoteVisitorMail(context, forMail([COLOUR_A3, MONO_A4, SCANNER], null));

  it('gives each machine its own prices per page and, with no volumes asked, its estimate at its default volumes, in the text', () => {
    expect(mail.text).toContain(
      '   Service: 0.52p a mono page and 4p a colour page (A4, ex VAT).\n' +
        // Office A3: 3,000 x 0.52p + 1,000 x 4p = £55.60, with the £138.00 rental.
        '   What it costs at 3,000 mono and 1,000 colour pages a month: £138.00 rental + £55.60 pages = £193.60 a month, ex VAT; £232.32 with VAT.',
    );
    // A mono A4 machine prints its class's 1,250 pages in mono; £11.25 is below the £15 a month minimum.
    expect(mail.text).toContain(
      '   Service: 0.9p a mono page (A4, ex VAT).\n' +
        '   What it costs at 1,250 mono pages a month: £15.00 minimum service charge a month, ex VAT (the machine bought outright); £18.00 with VAT.',
    );
    // The scanner prints nothing: no page charges, its servicing priced apart; its rental is its figure.
    expect(mail.text).toMatch(
      /3\. Fujitsu fi-8170[\s\S]*No page charges: it prints nothing\. Its servicing is priced separately\.\n {3}What it costs a month: £24\.00 rental, ex VAT; £28\.80 with VAT\./,
    );
    expect(mail.text).toContain("Your figures at each machine's typical pages a month. Rentals are for a 60-month lease.");
    // A machine's own prices are never "from".
    expect(mail.text).not.toMatch(/from 0\.52p|from 4p|from 0\.9p/);
  });

  it('adds the machines up, ex VAT and with VAT, and says the outright purchases apart', () => {
    // £193.60 + £15.00 + £24.00 = £232.60 a month; with VAT £279.12. The Brother is bought outright at £399.
    expect(mail.text).toContain('Total a month for these 3 machines: £232.60 ex VAT; £279.12 with VAT (VAT at 20%).');
    expect(mail.text).toContain('Bought outright, the machine we do not lease: £399.00 ex VAT; £478.80 with VAT, once.');
    expect(mail.html).toContain('Total a month for these 3 machines: £232.60 ex VAT; £279.12 with VAT (VAT at 20%).');
  });

  it('says the date the quote is valid until, from the terms (30 days), in the text and the HTML', () => {
    expect(mail.text).toContain('Valid until 2 January 2027: this quote holds for 30 days from today.');
    expect(mail.html).toContain('Valid until 2 January 2027: this quote holds for 30 days from today.');
  });

  it('says how pages are billed once, under the machines, in the text and the HTML', () => {
    for (const sentence of pageBillingTerms(terms)) {
      expect(mail.text.split(`- ${sentence}`)).toHaveLength(2);
      expect(mail.html).toContain(`<li>${sentence.replace(/'/g, '&#39;')}</li>`);
    }
    expect(mail.text.indexOf('How pages are billed on the machines that print:')).toBeGreaterThan(mail.text.indexOf('3. Fujitsu fi-8170'));
    // What happens next points back at the machines' own prices, not at the "from" ones.
    expect(mail.text).toContain("charged per page at each machine's own prices above (at least £45 a quarter ex VAT)");
  });

  it('says nothing about page billing for a quote of machines that print nothing', () => {
    const scannerOnly = quoteVisitorMail(context, forMail([SCANNER], null));
    expect(scannerOnly.text).not.toContain('How pages are billed');
    expect(scannerOnly.text).not.toContain('charged per page printed');
    expect(scannerOnly.text).toContain('Total a month for this machine: £24.00 ex VAT; £28.80 with VAT (VAT at 20%).');
  });

  it('puts the running costs in the HTML rows, escaped', () => {
    expect(mail.html).toContain('Service: 0.52p a mono page and 4p a colour page (A4, ex VAT).');
    expect(mail.html).toContain('£138.00 rental + £55.60 pages = £193.60 a month, ex VAT; £232.32 with VAT.');
    expect(mail.html).toContain('No page charges: it prints nothing. Its servicing is priced separately.');
    expect(mail.html).toContain('HL-L5210DN &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
  });

  it("tells sales each machine's own prices per page and the figures quoted", () => {
    const sales = quoteSalesMail(context, forMail([COLOUR_A3, MONO_A4, SCANNER], { mono: 8000, colour: 2000 }), {});
    expect(sales.text).toContain('rental £138.00/month; service 0.52p mono, 4p colour a page; quoted £259.60/month (£311.52 with VAT)');
    expect(sales.text).toContain('no lease offered (purchase only); service 0.9p mono a page; quoted £90.00/month (£108.00 with VAT)');
    expect(sales.text).toContain('no page charges (prints nothing; servicing priced separately); quoted £24.00/month (£28.80 with VAT)');
    expect(sales.text).toContain('Your figures at 8,000 mono and 2,000 colour pages a month.');
    expect(sales.text).toContain('Total a month for these 3 machines: £373.60 ex VAT; £448.32 with VAT (VAT at 20%).');
    expect(sales.text).toContain('Valid until 2 January 2027.');
    expect(sales.html).toContain('service 0.52p mono, 4p colour a page');
  });
});

describe('the quote e-mail at the volumes the buyer chose', () => {
  // The basket said £193.60 a month at 3,000 and 1,000 pages, then £259.60 at 8,000 and 2,000:
  // the e-mail must say the same, never the class's defaults.
  it('works every machine out at those volumes, a mono machine printing them all in mono', () => {
    const mail = quoteVisitorMail(context, forMail([COLOUR_A3, MONO_A4], { mono: 8000, colour: 2000 }));
    // 8,000 x 0.52p + 2,000 x 4p = £121.60 + £138.00 rental = £259.60
    expect(mail.text).toContain(
      'What it costs at 8,000 mono and 2,000 colour pages a month: £138.00 rental + £121.60 pages = £259.60 a month, ex VAT; £311.52 with VAT.',
    );
    // 10,000 mono x 0.9p = £90.00
    expect(mail.text).toContain('£90.00 pages a month, ex VAT (the machine bought outright); £108.00 with VAT.');
    expect(mail.text).toContain('Your figures at 8,000 mono and 2,000 colour pages a month. Rentals are for a 60-month lease.');
    expect(mail.text).toContain('Total a month for these 2 machines: £349.60 ex VAT; £419.52 with VAT (VAT at 20%).');
    expect(mail.text).not.toContain('3,000 mono and 1,000 colour');
  });

  it('says when the buyer asked about another lease term than the prices are for', () => {
    const mail = quoteVisitorMail(context, { ...forMail([COLOUR_A3], { mono: 3000, colour: 1000 }), leaseTermMonths: 36 });
    expect(mail.text).toContain(
      'Rentals are for a 60-month lease; you asked about 36 months, and we will set out the 36-month payments in your proposal.',
    );
  });
});
