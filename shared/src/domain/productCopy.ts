/**
 * A product page's overview (docs/product-rules.md "Product copy"): the machine's own introduction
 * from the catalogue data (`description`: what it is, in words true of its attributes), then
 * sentences made here from its attributes and the commercial terms, never stored, so they cannot
 * contradict them: who it suits at its speed (from its kind, paper class, colour and speed), what
 * the set-up is for its kind, how it is supplied (a lease only where one is offered) and how it
 * is serviced. A discontinued product says its introduction alone.
 */
import { isColourProduct } from './catalogue';
import type { Product } from './product';
import { paperClassOf } from './productListing';
import { isActiveProduct } from './siteRoutes';
import { servicingSentence, supplySentence, type CommercialTerms } from './terms';

type OverviewProduct = Pick<
  Product,
  | 'productCategory'
  | 'productSpecification'
  | 'colourPrinting'
  | 'paperSize'
  | 'productAttributes'
  | 'productFeatures'
  | 'price'
  | 'description'
  | 'isActive'
>;

const OFFICE_PRINTERS = ['office-printer', 'printer'];

/**
 * Who a multifunctional or an office printer suits at its print speed, e.g. `At 26 ppm it suits a
 * small office or a team of up to around 15 people that wants A3 and colour without paying for
 * speed it will not use.` (`A3 and colour` only for a colour A3 machine, `A3` for a mono one); null
 * for a machine of another kind or without a speed.
 */
export function suitsSentence(product: Omit<OverviewProduct, 'price' | 'description' | 'isActive' | 'productFeatures'>): string | null {
  const ppm = product.productAttributes?.printSpeedPpm;
  if (typeof ppm !== 'number' || !Number.isFinite(ppm) || ppm <= 0) return null;
  const at = `At ${Math.round(ppm)} ppm it`;
  const category = String(product.productCategory ?? '');
  const paper = paperClassOf(product.paperSize);
  if (category === 'multifunctional-printer' && paper === 'a3') {
    const wants = isColourProduct(product) ? 'A3 and colour' : 'A3';
    if (ppm <= 30)
      return `${at} suits a small office or a team of up to around 15 people that wants ${wants} without paying for speed it will not use.`;
    if (ppm < 50) return `${at} is sized for a busy department or an office of 15 to 40 people with steady daily volumes.`;
    if (ppm < 65) return `${at} keeps up with high-volume departments and shared floors where queues at the copier cost time.`;
    return `${at} handles heavy shared use and long runs, close to print-room output in an office footprint.`;
  }
  if (category === 'multifunctional-printer' && paper === 'a4') {
    if (ppm <= 35) return `${at} is a good fit for a small office, a branch or a team of up to about 10 people.`;
    return `${at} gives a busy team or a small office fast A4 output from a compact machine.`;
  }
  if (OFFICE_PRINTERS.includes(category)) {
    if (ppm < 50) return `${at} suits a small team or a desk that prints but does not need to scan or copy.`;
    return `${at} suits a busy shared area printing long documents every day.`;
  }
  return null;
}

/** What is set up for a machine of this kind, where it differs from an office machine's. */
function setUpSentence(product: Pick<Product, 'productCategory'>): string | null {
  const category = String(product.productCategory ?? '');
  if (category === 'plotter') return 'We set it up on its stand and connect it to your CAD workstations.';
  if (category === 'finisher')
    return 'Compatibility depends on the exact machine and its other options; we confirm the right configuration before we quote.';
  if (/scanner/.test(category))
    return 'We set it up with scan-to-folder, e-mail or your document management system so it is useful from day one.';
  return null;
}

/**
 * The overview's sentences. Without the terms (not loaded yet) the supply sentence is left out,
 * as every lease word is (`leaseOffer` needs the terms' minimum).
 */
export function productOverviewSentences(product: OverviewProduct, terms: CommercialTerms | null): string[] {
  const intro = product.description?.trim() || null;
  if (!isActiveProduct(product)) return intro ? [intro] : [];
  return [
    intro,
    suitsSentence(product),
    setUpSentence(product),
    terms ? supplySentence(product, terms) : null,
    servicingSentence(product),
  ].filter((sentence): sentence is string => !!sentence);
}

/** The overview as one paragraph. */
export function productOverview(product: OverviewProduct, terms: CommercialTerms | null): string {
  return productOverviewSentences(product, terms).join(' ');
}
