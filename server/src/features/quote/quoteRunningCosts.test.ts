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

describe('the quote e-mail says what each machine costs to run', () => {
  const quoted = [COLOUR_A3, MONO_A4, SCANNER].map((p) => quotedProductOf(p, terms.lease));
  const mail = quoteVisitorMail(context, 'Q-TEST', CONTACT, quoted);

  it('gives each machine its own prices per page and its estimate at its default volumes, in the text', () => {
    expect(mail.text).toContain(
      '   Service: 0.52p a mono page and 4p a colour page (A4, ex VAT).\n' +
        // Office A3: 3,000 x 0.52p + 1,000 x 4p = £55.60, with the £138.00 rental.
        '   What it costs a month at 3,000 mono and 1,000 colour pages: £138.00 rental + £55.60 pages = £193.60 a month, ex VAT.',
    );
    // A mono A4 machine prints its class's 1,250 pages in mono; £11.25 is below the £15 a month minimum.
    expect(mail.text).toContain(
      '   Service: 0.9p a mono page (A4, ex VAT).\n' +
        '   What it costs a month at 1,250 mono pages: £15.00 minimum service charge a month, ex VAT (the machine bought outright).',
    );
    expect(mail.text).toMatch(/3\. Fujitsu fi-8170[\s\S]*Service prices per page: none, it prints nothing\./);
    // A machine's own prices are never "from".
    expect(mail.text).not.toMatch(/from 0\.52p|from 4p|from 0\.9p/);
  });

  it('says how pages are billed once, under the machines, in the text and the HTML', () => {
    for (const sentence of pageBillingTerms(terms)) {
      expect(mail.text.split(`- ${sentence}`)).toHaveLength(2);
      expect(mail.html).toContain(`<li>${sentence.replace(/'/g, '&#39;')}</li>`);
    }
    expect(mail.text.indexOf('How pages are billed:')).toBeGreaterThan(mail.text.indexOf('3. Fujitsu fi-8170'));
    // What happens next points back at the machines' own prices, not at the "from" ones.
    expect(mail.text).toContain("charged per page at each machine's own prices above (at least £45 a quarter ex VAT)");
  });

  it('puts the running costs in the HTML rows, escaped', () => {
    expect(mail.html).toContain('Service: 0.52p a mono page and 4p a colour page (A4, ex VAT).');
    expect(mail.html).toContain('£138.00 rental + £55.60 pages = £193.60 a month, ex VAT.');
    expect(mail.html).toContain('Service prices per page: none, it prints nothing.');
    expect(mail.html).toContain('HL-L5210DN &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
  });

  it("tells sales each machine's own prices per page", () => {
    const sales = quoteSalesMail(context, 'Q-TEST', CONTACT, quoted, {}, '2026-11-26T09:00:00Z');
    expect(sales.text).toContain('rental £138.00/month; service 0.52p mono, 4p colour a page (all ex VAT)');
    expect(sales.text).toContain('no lease offered (purchase only); service 0.9p mono a page (all ex VAT)');
    expect(sales.text).toContain('no service per page (prints nothing) (all ex VAT)');
    expect(sales.html).toContain('service 0.52p mono, 4p colour a page');
  });
});
