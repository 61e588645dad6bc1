/**
 * Every product's copy, as the site shows it, against the product's own attributes and the
 * commercial terms (docs/product-rules.md "Product copy"): every product of data/catalogue is
 * read as the seed reads it and served as the API serves it, and its title, overview (the
 * product page) and lease note (the price box, the quote e-mails) are rendered with the real
 * terms.json. No lease is offered under the lease minimum, no colour is claimed for a mono
 * machine, no A3 for an A4 one, no toner for an inkjet (nor ink for a toner machine), no
 * network set-up for a machine off the network (a finisher), and a machine that prints nothing
 * says one thing of its servicing.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  NO_PAGE_CHARGES,
  chargesPerPage,
  consumableOf,
  isColourProduct,
  leaseOffer,
  onTheNetwork,
  paperClassOf,
  parseCommercialTerms,
  productOverview,
  productPageTitle,
  productMetaDescription,
  rentalNote,
  wordsOf,
  type Product,
} from '@copytech/shared/domain';
import { REAL_DATA } from '../../../test/helpers';
import { checkSeedProduct, productFromRow, productRowOf } from './productRecord';

const terms = parseCommercialTerms(JSON.parse(fs.readFileSync(path.join(REAL_DATA, 'terms.json'), 'utf8')));
const catalogueDir = path.join(REAL_DATA, 'catalogue');
const products: Product[] = fs
  .readdirSync(catalogueDir)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) =>
    (JSON.parse(fs.readFileSync(path.join(catalogueDir, file), 'utf8')) as unknown[]).map((entry, i) =>
      productFromRow(productRowOf(checkSeedProduct(entry, `${file}[${i}]`))),
    ),
  );

const LEASE_WORDS = /\b(lease|leased|leasing|rent|rental|finance|financed)\b/i;
const COLOUR_CLAIM = /\bcolou?r\b/i;
const A3_WORDS = /\b(SR)?A3\+?/;

/** Everything the site says of a product in words: its overview and its lease note. */
function copyOf(product: Product): string[] {
  const note = rentalNote(product, terms);
  return [productOverview(product, terms), ...(note ? [note.full] : [])];
}

const name = (p: Product) => `${p.brand} ${p.model}`;
/** The problems of one product's copy: empty when it is true of the product. */
function problemsOf(product: Product): string[] {
  const problems: string[] = [];
  const texts = copyOf(product);
  const all = texts.join(' ');
  const offer = leaseOffer(product, terms.lease);
  if (!offer) {
    // The one sentence that says no lease is offered names the lease minimum; nothing else speaks of one.
    const withoutOutright = all.replace(/Sold outright only \(we lease machines from £[\d,]+\)/g, '');
    if (LEASE_WORDS.test(withoutOutright)) problems.push(`offers a lease under the minimum: ${withoutOutright.match(LEASE_WORDS)![0]}`);
  } else if (product.isActive && !/lease it over/.test(all)) problems.push('offers no lease where one is offered');
  if (isColourProduct(product) === false && COLOUR_CLAIM.test(all)) problems.push('claims colour for a mono machine');
  if (paperClassOf(product.paperSize) === 'a4' && A3_WORDS.test(all)) problems.push(`claims ${all.match(A3_WORDS)![0]} for an A4 machine`);
  if (chargesPerPage(product)) {
    const consumable = consumableOf(product);
    if (consumable === 'ink' && /toner/i.test(all)) problems.push('says toner for an inkjet');
    if (consumable === 'toner' && /\bink\b/i.test(all)) problems.push('says ink for a toner machine');
  } else {
    if (/per page|page charge|cost-per-page|toner|\bink\b/i.test(all.split(NO_PAGE_CHARGES).join(''))) {
      problems.push('speaks of page charges or toner for a machine that prints nothing');
    }
    if (productOverview(product, terms).split(NO_PAGE_CHARGES).length !== 2 && product.isActive) {
      problems.push('does not say once that it prints nothing');
    }
  }
  if (!onTheNetwork(product) && /network/i.test(all)) problems.push('speaks of network set-up for a machine off the network');
  const title = productPageTitle(product);
  const words = wordsOf(title);
  const repeated = words.filter((word, i) => words.indexOf(word) !== i);
  if (repeated.length) problems.push(`title "${title}" says ${repeated.join(', ')} twice`);
  if (/^[a-z]/.test(productMetaDescription(product, terms.lease))) problems.push('meta description starts in lower case');
  return problems;
}

it('reads the whole seed catalogue, with lease offers above and below the minimum, inkjets, finishers and scanners', () => {
  expect(products.length).toBeGreaterThanOrEqual(150);
  expect(products.filter((p) => leaseOffer(p, terms.lease) === null && p.price?.startingFrom).length).toBeGreaterThan(10);
  expect(products.filter((p) => chargesPerPage(p) && consumableOf(p) === 'ink').length).toBeGreaterThan(3);
  expect(products.filter((p) => p.productCategory === 'finisher').length).toBeGreaterThan(3);
  expect(products.filter((p) => !chargesPerPage(p) && p.productCategory !== 'finisher').length).toBeGreaterThan(3);
});

it('says nothing of any product that its attributes and the terms contradict', () => {
  const found = products.map((p) => ({ product: name(p), problems: problemsOf(p) })).filter((entry) => entry.problems.length);
  expect(found).toEqual([]);
});

// The checks above can fail: each is shown failing on copy that breaks it.
describe('the copy checks', () => {
  const find = (test: (p: Product) => boolean) => products.find((p) => p.isActive && test(p))!;
  const withDescription = (p: Product, description: string): Product => ({ ...p, description });

  it('catch a lease offered under the minimum', () => {
    const cheap = find((p) => !!p.price?.startingFrom && leaseOffer(p, terms.lease) === null);
    expect(problemsOf(withDescription(cheap, 'Available outright or on a 36 to 60-month lease.'))).toContain(
      'offers a lease under the minimum: lease',
    );
  });

  it('catch colour claimed for a mono machine, A3 for an A4 one and toner for an inkjet', () => {
    const mono = find((p) => p.colourPrinting === 'mono' && paperClassOf(p.paperSize) === 'a3');
    expect(problemsOf(withDescription(mono, 'For a team that wants A3 and colour.'))).toContain('claims colour for a mono machine');
    const a4 = find((p) => paperClassOf(p.paperSize) === 'a4');
    expect(problemsOf(withDescription(a4, 'It takes paper up to SRA3.'))).toContain('claims SRA3 for an A4 machine');
    const inkjet = find((p) => chargesPerPage(p) && consumableOf(p) === 'ink');
    expect(problemsOf(withDescription(inkjet, 'It comes with toner.'))).toContain('says toner for an inkjet');
  });

  it('catch network set-up or page charges for a finisher, and a repeated word in a title', () => {
    const finisher = find((p) => p.productCategory === 'finisher');
    expect(problemsOf(withDescription(finisher, 'Its lease covers network set-up.'))).toContain(
      'speaks of network set-up for a machine off the network',
    );
    expect(problemsOf(withDescription(finisher, 'Toner is charged per page.'))).toContain(
      'speaks of page charges or toner for a machine that prints nothing',
    );
    expect(problemsOf({ ...finisher, model: `${finisher.brand} ${finisher.model}` }).join()).toMatch(/says .* twice/);
  });
});
