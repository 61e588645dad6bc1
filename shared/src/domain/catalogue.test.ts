/**
 * The catalogue domain rules (docs/product-rules.md "Catalogue" and "Routes"), as tables: the
 * examples the rules give and the edge cases every room relies on.
 */
import {
  allowedCategoriesFor,
  ASSETS_BASE,
  categoryLabel,
  IMAGE_HEIGHTS,
  IMAGE_SIZES,
  isColourProduct,
  LEASE_PAYMENT_MONTHS,
  LEASE_TERM_MONTHS,
  productDocumentMeta,
  categoryAllowedForType,
  FINISHER_CATEGORIES,
  formatPence,
  imageFilenames,
  isFinisherCategory,
  isPrinterType,
  isScannerCategory,
  modelIdFromSlugs,
  placeholderImageUrl,
  PRINTER_TYPES,
  productImageUrl,
  productMetaDescription,
  productPageTitle,
  instantQuotePath,
  productPath,
  leaseOffer,
  leaseQuarterlyPence,
  slugify,
  SPEED_BOUNDS,
  startingFromPence,
  type PrinterType,
} from './catalogue';
import { modelIdOf, type Product } from './product';
import { rentalNote, rentalTermsSummary } from './terms';
import { TEST_TERMS } from '../testing/terms';

const perMonth = (product: Pick<Product, 'price'> | null) => leaseOffer(product, TEST_TERMS.lease)?.perMonthPence ?? null;

function product(overrides: Partial<Product> = {}): Product {
  return {
    modelId: 'canonimagerunneradvancedxc5840i',
    brand: 'Canon',
    model: 'imageRUNNER ADVANCE DX C5840i',
    productCategory: 'multifunctional-printer',
    productSpecification: 'office',
    colourPrinting: 'colour',
    paperSize: 'A3',
    images: [{ filename: 'front.png' }],
    isActive: 1,
    price: { startingFrom: 690000, '60MonthLeasePrice': 41400 },
    productAttributes: { printSpeedPpm: 40, scanSpeedPpm: null, maxPaperSize: 'SRA3', isColour: true },
    ...overrides,
  };
}

// docs/product-rules.md "Path rules" and "Products"
describe('slugs and modelId', () => {
  it.each([
    ['Canon', 'canon'],
    ['Konica Minolta', 'konica-minolta'],
    ['imageRUNNER ADVANCE DX C5840i', 'imagerunner-advance-dx-c5840i'],
    ['bizhub C251i', 'bizhub-c251i'],
    ['BP-50C26', 'bp-50c26'],
    ['MFC-L8900CDW / MFC-L9670CDN', 'mfc-l8900cdw-mfc-l9670cdn'],
    ['Color LaserJet Pro MFP 4302fdw+', 'color-laserjet-pro-mfp-4302fdw+'],
    ['DesignJet T830 (36in)', 'designjet-t830-(36in)'],
    ['fi_8170', 'fi_8170'],
    ['  ECOSYS   MA3500cifx  ', 'ecosys-ma3500cifx'],
    ['Pro™ C5300S', 'pro-c5300s'],
    ['a--b', 'a-b'],
    ['---', ''],
  ])('slugify(%j) is %j', (value, slug) => {
    expect(slugify(value)).toBe(slug);
  });

  it.each([
    ['Canon', 'imageRUNNER ADVANCE DX C5840i', 'canonimagerunneradvancedxc5840i'],
    ['Konica Minolta', 'bizhub C251i', 'konicaminoltabizhubc251i'],
    ['HP', 'Color LaserJet Pro MFP 4302fdw+', 'hpcolorlaserjetpromfp4302fdw+'],
    ['HP', 'DesignJet T830 (36in)', 'hpdesignjett830(36in)'],
    ['Brother', 'MFC-L8900CDW / MFC-L9670CDN', 'brothermfcl8900cdwmfcl9670cdn'],
    ['Fujitsu', 'fi_8170', 'fujitsufi_8170'],
    ['Ricoh', 'Pro™ C5300S', 'ricohproc5300s'],
  ])('modelId of %s %s is %s, and the product URL leads back to it', (brand, model, id) => {
    expect(modelIdOf(brand, model)).toBe(id);
    expect(modelIdFromSlugs(slugify(brand), slugify(model))).toBe(id);
    const [, , , brandSlug, modelSlug] = productPath({ brand, model, productCategory: 'multifunctional-printer' }).split('/');
    expect(modelIdFromSlugs(brandSlug!, modelSlug!)).toBe(id);
  });

  it('modelIdFromSlugs ignores the case and stray characters of a hand-typed URL', () => {
    expect(modelIdFromSlugs('Canon', 'imageRUNNER-ADVANCE-DX-C5840i')).toBe('canonimagerunneradvancedxc5840i');
    expect(modelIdFromSlugs('canon', 'c5840i%20')).toBe('canonc5840i20');
  });
});

// docs/product-rules.md "Product page paths"
describe('product detail paths', () => {
  it.each<[string, Partial<Product>, string]>([
    [
      'a multifunctional',
      { productCategory: 'multifunctional-printer', productSpecification: 'office' },
      '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i',
    ],
    [
      'a multifunctional without a specification',
      { productCategory: 'multifunctional-printer', productSpecification: null },
      '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i',
    ],
    [
      'a heavy-production MFP',
      { productCategory: 'multifunctional-printer', productSpecification: 'heavy-production' },
      '/printers/production/canon/imagerunner-advance-dx-c5840i',
    ],
    [
      'a mid-production MFP',
      { productCategory: 'multifunctional-printer', productSpecification: 'mid-production' },
      '/printers/production/canon/imagerunner-advance-dx-c5840i',
    ],
    [
      'a light-production MFP',
      { productCategory: 'multifunctional-printer', productSpecification: 'light-production' },
      '/printers/production/canon/imagerunner-advance-dx-c5840i',
    ],
    [
      'a production-spec MFP',
      { productCategory: 'multifunctional-printer', productSpecification: 'production' },
      '/printers/production/canon/imagerunner-advance-dx-c5840i',
    ],
    ['a production printer', { productCategory: 'production-printer' }, '/printers/production/canon/imagerunner-advance-dx-c5840i'],
    [
      'a light-production printer',
      { productCategory: 'light-production-printer' },
      '/printers/production/canon/imagerunner-advance-dx-c5840i',
    ],
    ['a mid-production printer', { productCategory: 'mid-production' }, '/printers/production/canon/imagerunner-advance-dx-c5840i'],
    [
      'a heavy-production printer',
      { productCategory: 'heavy-production-printer' },
      '/printers/production/canon/imagerunner-advance-dx-c5840i',
    ],
    ['an office printer', { productCategory: 'office-printer' }, '/printers/print-only/canon/imagerunner-advance-dx-c5840i'],
    ['a printer', { productCategory: 'printer' }, '/printers/print-only/canon/imagerunner-advance-dx-c5840i'],
    ['a plotter', { productCategory: 'plotter' }, '/printers/plotters/canon/imagerunner-advance-dx-c5840i'],
    ['a production-scanner', { productCategory: 'production-scanner', brand: 'Fujitsu', model: 'fi-7900' }, '/scanners/fujitsu/fi-7900'],
    [
      'a production scanner',
      { productCategory: 'production-scanners', brand: 'Kodak Alaris', model: 'S3100' },
      '/scanners/kodak-alaris/s3100',
    ],
    [
      'a personal scanner',
      { productCategory: 'personal-scanners', brand: 'Epson', model: 'WorkForce ES-C320W' },
      '/scanners/epson/workforce-es-c320w',
    ],
    ['a finisher', { productCategory: 'finisher', brand: 'Canon', model: 'Booklet Finisher-AC1' }, '/finishers/canon/booklet-finisher-ac1'],
    ['any other category', { productCategory: 'toner' }, '/toners/canon/imagerunner-advance-dx-c5840i'],
    [
      'a model with spaces, a plus, brackets and a slash',
      { brand: 'HP', model: 'DesignJet T830+ (36in) / MFP', productCategory: 'plotter' },
      '/printers/plotters/hp/designjet-t830+-(36in)-mfp',
    ],
  ])('%s', (_label, overrides, path) => {
    expect(productPath(product(overrides))).toBe(path);
  });

  it.each<[string, unknown]>([
    ['no product', null],
    ['undefined', undefined],
    ['no brand', { model: 'X1', productCategory: 'printer' }],
    ['an empty model', { brand: 'Canon', model: '', productCategory: 'printer' }],
    ['no category', { brand: 'Canon', model: 'X1' }],
    ['a model of nothing but punctuation', { brand: 'Canon', model: '***', productCategory: 'printer' }],
  ])('missing product data gives "#": %s', (_label, value) => {
    expect(productPath(value as Product)).toBe('#');
  });
});

// docs/product-rules.md "Which product a product page shows"
describe('product types and the categories each allows', () => {
  it('the printer types are exactly the four of the specification', () => {
    expect([...PRINTER_TYPES]).toEqual(['multifunctionals', 'print-only', 'production', 'plotters']);
    expect(isPrinterType('plotters')).toBe(true);
    expect(isPrinterType('scanners')).toBe(false);
    expect(isPrinterType('Multifunctionals')).toBe(false);
  });

  const categories: Array<[string, string | null]> = [
    ['multifunctional-printer', 'office'],
    ['multifunctional-printer', 'light-production'],
    ['office-printer', 'office'],
    ['printer', null],
    ['production-printer', null],
    ['light-production', null],
    ['light-production-printer', 'light-production'],
    ['mid-production-printer', 'mid-production'],
    ['heavy-production-printer', 'heavy-production'],
    ['plotter', 'wide-format'],
    ['production-scanners', 'production'],
    ['finisher', 'booklet'],
  ];
  const allowed: Record<PrinterType, string[]> = {
    multifunctionals: ['multifunctional-printer/office'],
    'print-only': ['office-printer/office', 'printer/null'],
    production: [
      'multifunctional-printer/light-production',
      'production-printer/null',
      'light-production/null',
      'light-production-printer/light-production',
      'mid-production-printer/mid-production',
      'heavy-production-printer/heavy-production',
    ],
    plotters: ['plotter/wide-format'],
  };
  describe.each(PRINTER_TYPES.map((type) => [type]))('%s', (type) => {
    it.each(categories)('%s (%s)', (category, spec) => {
      expect(categoryAllowedForType(type, category, spec)).toBe(allowed[type].includes(`${category}/${spec}`));
    });
  });

  it('every product is allowed on the page its own path leads to', () => {
    for (const [category, spec] of categories) {
      const path = productPath(product({ productCategory: category, productSpecification: spec }));
      const type = path.split('/')[2]!;
      if (isPrinterType(type)) expect(categoryAllowedForType(type, category, spec)).toBe(true);
    }
  });

  it.each<[PrinterType, string[]]>([
    ['multifunctionals', ['multifunctional-printer']],
    ['print-only', ['office-printer', 'printer']],
    ['plotters', ['plotter']],
  ])('the allowed set named in the mismatch error for %s', (type, names) => {
    expect(allowedCategoriesFor(type)).toEqual(names);
  });
  it('the production set names every production category and production-spec MFPs', () => {
    expect(allowedCategoriesFor('production')).toEqual(
      expect.arrayContaining([
        'production-printer',
        'light-production-printer',
        'mid-production-printer',
        'heavy-production-printer',
        'multifunctional-printer (production specification)',
      ]),
    );
  });

  it.each([
    ['production-scanners', true],
    ['departmental-scanners', true],
    ['desktop-workgroup-scanners', true],
    ['personal-scanners', true],
    ['scanner', true],
    ['production-scanner', true],
    ['multifunctional-printer', false],
    ['finisher', false],
    ['', false],
  ])('scanner category %j: %s', (category, expected) => {
    expect(isScannerCategory(category)).toBe(expected);
  });

  it('the finisher categories are the five finisher specifications of /finishers/{category}', () => {
    expect(FINISHER_CATEGORIES).toEqual(['stapling', 'booklet', 'punch', 'folding', 'inner']);
    expect(FINISHER_CATEGORIES.every(isFinisherCategory)).toBe(true);
    for (const other of ['finisher', 'a3-colour', 'Booklet', '']) expect(isFinisherCategory(other)).toBe(false);
  });
});

// docs/product-rules.md "Lists: filters, sorting and paging"
describe('speed filter bounds', () => {
  it('are 0 to 150 ppm for office machines and 0 to 500 for production printers and scanners', () => {
    expect(SPEED_BOUNDS.office).toEqual({ min: 0, max: 150 });
    expect(SPEED_BOUNDS.production).toEqual({ min: 0, max: 500 });
  });
});

// docs/product-rules.md "Product images"
describe('image URLs', () => {
  it.each([
    ['x135', '/assets/x135/canon/imagerunner-advance-dx-c5840i/front.png'],
    ['x270', '/assets/x270/canon/imagerunner-advance-dx-c5840i/front.png'],
    ['x540', '/assets/x540/canon/imagerunner-advance-dx-c5840i/front.png'],
    ['x810', '/assets/x810/canon/imagerunner-advance-dx-c5840i/front.png'],
  ] as const)('%s', (size, url) => {
    expect(productImageUrl(product(), size)).toBe(url);
  });

  it('takes images given as plain filenames, and the nth image by index', () => {
    const p = product({ brand: 'Konica Minolta', model: 'bizhub C251i', images: ['front.png', 'side.jpg'] });
    expect(productImageUrl(p, 'x540', 1)).toBe('/assets/x540/konica-minolta/bizhub-c251i/side.jpg');
    expect(imageFilenames(p)).toEqual(['front.png', 'side.jpg']);
  });

  it.each<[string, Partial<Product> | null]>([
    ['no product', null],
    ['no images', { images: null }],
    ['an empty image list', { images: [] }],
    ['no brand', { brand: '' }],
    ['no model', { model: '' }],
    ['a filename that climbs out of the folder', { images: [{ filename: '../secret.png' }] }],
    ['a filename with a slash', { images: ['a/b.png'] }],
  ])('the no-image placeholder for %s', (_label, overrides) => {
    const p = overrides === null ? null : product(overrides);
    expect(productImageUrl(p, 'x270')).toBe(placeholderImageUrl('x270'));
    expect(placeholderImageUrl('x270')).toBe('/assets/x270/placeholder.png');
  });
  it('the placeholder when the index is past the last image', () => {
    expect(productImageUrl(product(), 'x540', 3)).toBe('/assets/x540/placeholder.png');
  });
});

// docs/product-rules.md "Prices and monthly rental"
describe('money: pence to GBP, en-GB, two decimals', () => {
  it.each<[number | null | undefined, string | null, string | null]>([
    [690000, '£6,900.00', '£6900.00'],
    [4600, '£46.00', '£46.00'],
    [5, '£0.05', '£0.05'],
    [0, '£0.00', '£0.00'],
    [99, '£0.99', '£0.99'],
    [123456789, '£1,234,567.89', '£1234567.89'],
    [333333, '£3,333.33', '£3333.33'],
    [-150, '-£1.50', '-£1.50'],
    [null, null, null],
    [undefined, null, null],
    [Number.NaN, null, null],
    [Number.POSITIVE_INFINITY, null, null],
  ])('%p pence is %p (%p without commas)', (pence, text, stripped) => {
    expect(formatPence(pence)).toBe(text);
    expect(formatPence(pence, { stripCommas: true })).toBe(stripped);
  });

  it.each<[number | null | undefined, number | null]>([
    [13800, 4600],
    [19000, 6333],
    [10000, 3333],
    [10001, 3334],
    [15, 5],
    [0, null],
    [-300, null],
    [null, null],
    [undefined, null],
  ])('rental per month of a 60-month lease of %p pence is %p (lease / 3, rounded to the penny)', (lease, rental) => {
    expect(perMonth({ price: { startingFrom: 100000, '60MonthLeasePrice': lease as number | null } })).toBe(rental);
  });
  it('reads the lease price as the quarterly payment: the monthly figure is a third of it', () => {
    const canon = { price: { startingFrom: 120000, '60MonthLeasePrice': 7200 } };
    expect(leaseQuarterlyPence(canon)).toBe(7200);
    expect(leaseOffer(canon, TEST_TERMS.lease)).toEqual({ termMonths: 60, paymentPence: 7200, billedEveryMonths: 3, perMonthPence: 2400 });
    expect(leaseQuarterlyPence({ price: { startingFrom: 1, '60MonthLeasePrice': 0 } })).toBeNull();
    expect(leaseQuarterlyPence({ price: null })).toBeNull();
  });
  it('says what a monthly figure is: short on a card, in full with the quarterly payment elsewhere', () => {
    const note = rentalNote(
      { price: { startingFrom: 690000, '60MonthLeasePrice': 41400 }, productCategory: 'multifunctional-printer' },
      TEST_TERMS,
    )!;
    expect(note.short).toBe('ex VAT, 60-month lease');
    expect(note.full).toBe(
      'Ex VAT, on a 60-month lease billed quarterly (£414.00 a quarter plus VAT). Terms of 36 or 48 months are quoted on request. ' +
        'It covers the machine, financed over the term, delivery, installation, network set-up and a handover for your team: ' +
        'toner, parts and servicing are charged per page printed, under a separate service agreement. Lease finance is subject to status.',
    );
    // A scanner or finisher prints no pages, so its service is not said to be charged per page.
    for (const productCategory of ['departmental-scanners', 'finisher'] as const) {
      const other = rentalNote({ price: { startingFrom: 120000, '60MonthLeasePrice': 7200 }, productCategory }, TEST_TERMS)!;
      expect(other.full).toContain('(£72.00 a quarter plus VAT)');
      expect(other.full).toContain('servicing is priced separately');
      expect(other.full).not.toContain('per page');
    }
    expect(
      rentalNote({ price: { startingFrom: 690000, '60MonthLeasePrice': null }, productCategory: 'multifunctional-printer' }, TEST_TERMS),
    ).toBeNull();
    expect(rentalTermsSummary(TEST_TERMS)).toBe(
      'Prices exclude VAT. A lease is offered on machines from £1,000 over 36, 48 or 60 months; rental per month is a third of the quarterly payment on a 60-month lease (finance subject to status). ' +
        'It covers the machine, financed over the term, delivery, installation, network set-up and a handover for your team: toner, parts and servicing are charged per page printed, under a separate service agreement. ' +
        "Service is from 0.39p a mono page and from 3.3p a colour page (A4, ex VAT) on office machines (A4 and A3 multifunctionals and printers); every machine's own prices per page are on its page.",
    );
  });
  // docs/product-rules.md "Prices and monthly rental": a lease only from the minimum starting price.
  it.each<[number, number, number | null]>([
    [18000, 1080, null], // a £180 scanner: purchase only (it showed £3.60 a month)
    [99999, 6000, null], // a penny under £1,000
    [100000, 6000, 2000], // exactly £1,000: leased
    [690000, 41400, 13800],
  ])('a machine starting at %p pence with a lease of %p shows a rental per month of %p', (startingFrom, lease, rental) => {
    const product = { price: { startingFrom, '60MonthLeasePrice': lease }, productCategory: 'personal-scanners' };
    expect(perMonth(product)).toBe(rental);
    expect(rentalNote(product, TEST_TERMS) === null).toBe(rental === null);
  });
  it('offers no lease without a starting price, however the lease price reads', () => {
    expect(perMonth({ price: { startingFrom: null as unknown as number, '60MonthLeasePrice': 6000 } })).toBeNull();
  });
  it('no price at all gives no rental and no starting price', () => {
    expect(perMonth({ price: null })).toBeNull();
    expect(perMonth(null)).toBeNull();
    expect(startingFromPence({ price: null })).toBeNull();
    expect(startingFromPence({ price: { startingFrom: 0, '60MonthLeasePrice': 100 } })).toBeNull();
    expect(startingFromPence({ price: { startingFrom: 690000, '60MonthLeasePrice': 100 } })).toBe(690000);
  });
});

// docs/product-rules.md "Product titles and descriptions"
describe('titles and descriptions', () => {
  it.each<[string, Partial<Product>, string]>([
    ['a colour A3 MFP', {}, 'Canon imageRUNNER ADVANCE DX C5840i Colour A3 Multifunctional Printer'],
    [
      'a mono A4 printer',
      { brand: 'HP', model: 'LaserJet Pro 4002dn', colourPrinting: 'mono', paperSize: 'A4', productCategory: 'office-printer' },
      'HP LaserJet Pro 4002dn Mono A4 Office Printer',
    ],
    [
      'colour known only from the attributes',
      { colourPrinting: null, productAttributes: { isColour: false }, productCategory: 'heavy-production-printer', paperSize: 'SRA3' },
      'Canon imageRUNNER ADVANCE DX C5840i Mono SRA3 Heavy Production Printer',
    ],
    [
      'a scanner: neither colour nor mono',
      {
        brand: 'Fujitsu',
        model: 'fi-8170',
        colourPrinting: null,
        productAttributes: { scanSpeedPpm: 70 },
        paperSize: 'A4',
        productCategory: 'desktop-workgroup-scanners',
      },
      'Fujitsu fi-8170 A4 Desktop Workgroup Scanner',
    ],
    [
      'a finisher without a paper size',
      { model: 'Booklet Finisher-AC1', colourPrinting: null, productAttributes: null, paperSize: null, productCategory: 'finisher' },
      'Canon Booklet Finisher-AC1',
    ],
    [
      'a finisher whose model names its category: the category is not said twice',
      {
        brand: 'Ricoh',
        model: 'Booklet Finisher SR3270',
        colourPrinting: null,
        productAttributes: null,
        paperSize: null,
        productCategory: 'finisher',
      },
      'Ricoh Booklet Finisher SR3270',
    ],
    [
      'a printer whose model says Printer: the rest of the category is kept',
      { model: 'Example Printer 9', productCategory: 'light-production-printer', paperSize: 'SRA3' },
      'Canon Example Printer 9 Colour SRA3',
    ],
    [
      'an unknown category is worded from its name',
      { productCategory: 'wide-format-thing', paperSize: null },
      'Canon imageRUNNER ADVANCE DX C5840i Colour Wide Format Thing',
    ],
  ])('title of %s', (_label, overrides, title) => {
    expect(productPageTitle(product(overrides))).toBe(title);
  });

  it("quotes the 'starting at' price and the rental per month (60-month lease / 3)", () => {
    const text = productMetaDescription(product(), TEST_TERMS.lease);
    expect(text).toContain('starting at £6,900.00 ex VAT');
    expect(text).toContain('rent from £138.00 per month on a 60-month lease');
    expect(text.startsWith('Canon imageRUNNER ADVANCE DX C5840i multifunctional printer')).toBe(true);
  });
  it('leaves out the prices it does not have', () => {
    const text = productMetaDescription(product({ price: null }), TEST_TERMS.lease);
    expect(text).not.toMatch(/starting at|rent from|£/);
    expect(text).toContain('Canon imageRUNNER ADVANCE DX C5840i');
  });
  it('a machine under the lease minimum is described by its purchase price only', () => {
    const text = productMetaDescription(product({ price: { startingFrom: 18000, '60MonthLeasePrice': 1068 } }), TEST_TERMS.lease);
    expect(text).toContain('starting at £180.00 ex VAT');
    expect(text).not.toMatch(/rent|lease|per month/);
  });
});

// docs/product-rules.md "Product titles and descriptions": every category's own words
describe('category labels', () => {
  it.each([
    ['multifunctional-printer', 'Multifunctional Printer'],
    ['office-printer', 'Office Printer'],
    ['printer', 'Printer'],
    ['production-printer', 'Production Printer'],
    ['light-production', 'Light Production Printer'],
    ['light-production-printer', 'Light Production Printer'],
    ['mid-production', 'Mid Production Printer'],
    ['mid-production-printer', 'Mid Production Printer'],
    ['heavy-production', 'Heavy Production Printer'],
    ['heavy-production-printer', 'Heavy Production Printer'],
    ['plotter', 'Plotter'],
    ['production-scanners', 'Production Scanner'],
    ['production-scanner', 'Production Scanner'],
    ['departmental-scanners', 'Departmental Scanner'],
    ['desktop-workgroup-scanners', 'Desktop Workgroup Scanner'],
    ['personal-scanners', 'Personal Scanner'],
    ['scanner', 'Scanner'],
    ['finisher', 'Finisher'],
    ['toner-cartridge', 'Toner Cartridge'],
    ['ink', 'Ink'],
  ])('%s is a "%s"', (category, label) => {
    expect(categoryLabel(category)).toBe(label);
  });
  it('calls a product with no category a "Product"', () => {
    expect(categoryLabel(null)).toBe('Product');
    expect(categoryLabel(undefined)).toBe('Product');
    expect(categoryLabel('')).toBe('Product');
  });
});

describe('colour or mono', () => {
  it('reads colourPrinting first, then the attributes, and says nothing when neither knows', () => {
    expect(isColourProduct({ colourPrinting: 'colour', productAttributes: { isColour: false } })).toBe(true);
    expect(isColourProduct({ colourPrinting: 'mono', productAttributes: { isColour: true } })).toBe(false);
    expect(isColourProduct({ colourPrinting: null, productAttributes: { isColour: true } })).toBe(true);
    expect(isColourProduct({ colourPrinting: null, productAttributes: {} })).toBeNull();
    expect(isColourProduct({ colourPrinting: null, productAttributes: null })).toBeNull();
  });
});

describe('image sizes', () => {
  it('are four heights under /assets', () => {
    expect(IMAGE_SIZES).toEqual({ thumb: 'x135', small: 'x270', medium: 'x540', large: 'x810' });
    expect(IMAGE_HEIGHTS).toEqual({ x135: 135, x270: 270, x540: 540, x810: 810 });
    expect(ASSETS_BASE).toBe('/assets');
  });
  it('skips entries that are not filenames when counting the images', () => {
    const images = [
      null,
      { filename: 42 },
      'front.png',
      { filename: 'a b.png' },
      { filename: 'side_2.JPG' },
    ] as unknown as Product['images'];
    expect(imageFilenames({ images })).toEqual(['front.png', 'side_2.JPG']);
    expect(imageFilenames(null)).toEqual([]);
  });
});

describe('lease and starting prices at their edges', () => {
  it('fixes the lease shown: 60 months, a payment a quarter', () => {
    expect([LEASE_TERM_MONTHS, LEASE_PAYMENT_MONTHS]).toEqual([60, 3]);
  });
  it('takes no price that is not a positive, finite number', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, -1, 0]) {
      expect(leaseQuarterlyPence({ price: { startingFrom: 690000, '60MonthLeasePrice': value } })).toBeNull();
      expect(startingFromPence({ price: { startingFrom: value, '60MonthLeasePrice': 41400 } })).toBeNull();
    }
    expect(leaseQuarterlyPence({ price: { startingFrom: 690000, '60MonthLeasePrice': 1 } })).toBe(1);
    expect(startingFromPence({ price: { startingFrom: 1, '60MonthLeasePrice': null } })).toBe(1);
    expect(leaseQuarterlyPence(null)).toBeNull();
    expect(startingFromPence(undefined)).toBeNull();
  });
  it('works the offer out from the terms it is given', () => {
    const monthly = { ...TEST_TERMS.lease, billedEveryMonths: 1, pricesShownForMonths: 48, minimumStartingPricePence: 500 };
    expect(leaseOffer({ price: { startingFrom: 500, '60MonthLeasePrice': 4000 } }, monthly)).toEqual({
      termMonths: 48,
      paymentPence: 4000,
      billedEveryMonths: 1,
      perMonthPence: 4000,
    });
    expect(leaseOffer({ price: { startingFrom: 499, '60MonthLeasePrice': 4000 } }, monthly)).toBeNull();
  });
});

describe("a product page's head", () => {
  it('gives the title, the description in full, the canonical path, the image and the card', () => {
    expect(productDocumentMeta(product(), TEST_TERMS.lease)).toEqual({
      title: 'Canon imageRUNNER ADVANCE DX C5840i Colour A3 Multifunctional Printer',
      description:
        'Canon imageRUNNER ADVANCE DX C5840i multifunctional printer, starting at £6,900.00 ex VAT, or rent from £138.00 per month on a 60-month lease. Compare up to five machines and get an instant quote by e-mail from Copytech.',
      canonicalPath: '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i',
      ogType: 'product',
      image: '/assets/x540/canon/imagerunner-advance-dx-c5840i/front.png',
      card: 'summary_large_image',
    });
  });
  it('has no canonical path for a product without a category, and no rental while the terms are not known', () => {
    const meta = productDocumentMeta(product({ productCategory: '' as Product['productCategory'] }), null);
    expect(meta.canonicalPath).toBeNull();
    expect(meta.description).toBe(
      'Canon imageRUNNER ADVANCE DX C5840i product, starting at £6,900.00 ex VAT. Compare up to five machines and get an instant quote by e-mail from Copytech.',
    );
  });
  it('describes a product with no price by its name and kind alone', () => {
    expect(productMetaDescription(product({ price: null }), TEST_TERMS.lease)).toBe(
      'Canon imageRUNNER ADVANCE DX C5840i multifunctional printer. Compare up to five machines and get an instant quote by e-mail from Copytech.',
    );
  });
});

describe('the production set in full', () => {
  it('names every production category and then production-spec multifunctionals', () => {
    expect(allowedCategoriesFor('production')).toEqual([
      'production-printer',
      'light-production',
      'light-production-printer',
      'mid-production',
      'mid-production-printer',
      'heavy-production',
      'heavy-production-printer',
      'multifunctional-printer (production specification)',
    ]);
  });
  it('gives "#" for a brand of nothing but punctuation', () => {
    expect(productPath(product({ brand: '***' }))).toBe('#');
  });
});

describe("a machine's instant quote", () => {
  it('is the server’s page for its modelId, encoded', () => {
    expect(instantQuotePath('hp_laserjet+m501(dn)')).toBe('/instant-quote/hp_laserjet%2Bm501(dn)');
    expect(instantQuotePath('a/b')).toBe('/instant-quote/a%2Fb');
  });
});
