/**
 * The machines that fit what a visitor prints (docs/product-rules.md "The machine the checker
 * compares with"): the general checker (no `?machine=`) prices Copytech's side with a real machine
 * of the catalogue that fits the visitor's volumes, never with the terms' lowest "from" prices,
 * which only the fastest office machines have.
 *
 * What fits: a multifunctional (print, copy and scan, as the machine a business leases or buys
 * for its office is) of the speed class the visitor's pages a month need
 * (`CHECKER_SPEED_CLASSES`), colour when they print colour (mono when they do not), A3 when they
 * say they print A3. The checker reads that list from the catalogue's own list API
 * (`fittingListPath`), the same answer on the page, in the server's render and in the report.
 * Among the machines that fit, the one named is the typical one (`machineFit`): the middle one by
 * what its service costs at the visitor's pages (the lower middle when there is an even number),
 * and the range across all of them is said beside it. Pure.
 */
import type { CommercialTerms } from '../terms';
import type { Product } from '../product';
import { formatPence } from '../catalogue';
import { checkerMachineOf, copytechRatesWords, machineRatesShortWords, type CheckerMachine } from './machine';
import type { SavingsAnswers } from './answers';

export interface CheckerSpeedClass {
  /** The most pages a month of the class; null: any number above the class before. */
  readonly upToPages: number | null;
  readonly minPpm: number;
  readonly maxPpm: number | null;
}
const TOP_CLASS: CheckerSpeedClass = { upToPages: null, minPpm: 70, maxPpm: null };

/**
 * Speed classes by pages a month (A4, mono and colour together), a rule of thumb in the way
 * manufacturers' recommended monthly volumes rise with speed: about 100 pages a month per ppm for
 * the slowest office machines, about 350 for the fastest. `maxPpm` null: no upper bound. The top
 * class is production: colour presses from the production list, mono from the fastest
 * multifunctionals.
 */
export const CHECKER_SPEED_CLASSES: readonly CheckerSpeedClass[] = [
  { upToPages: 3_000, minPpm: 0, maxPpm: 29 },
  { upToPages: 6_000, minPpm: 30, maxPpm: 39 },
  { upToPages: 10_000, minPpm: 40, maxPpm: 49 },
  { upToPages: 15_000, minPpm: 50, maxPpm: 59 },
  { upToPages: 25_000, minPpm: 60, maxPpm: 79 },
  TOP_CLASS,
];

/** What a machine must do for these answers. */
export interface MachineNeeds {
  /** Pages a month, mono and colour together (whole pages). */
  pagesPerMonth: number;
  colour: boolean;
  a3: boolean;
  speed: CheckerSpeedClass;
}

/** The speed class for a number of pages a month. */
export function speedClassFor(pagesPerMonth: number): CheckerSpeedClass {
  return (
    CHECKER_SPEED_CLASSES.find((speed: CheckerSpeedClass) => speed.upToPages !== null && pagesPerMonth <= speed.upToPages) ?? TOP_CLASS
  );
}

/** Pages a month from the answers, as the calculation reads them (the volumes or the bill). */
type PagesOf = (answers: SavingsAnswers) => { mono: number; colour: number };

/** What a machine must do for these answers; null until there are pages to print. */
export function machineNeedsOf(answers: SavingsAnswers, pagesOf: PagesOf): MachineNeeds | null {
  const pages = pagesOf(answers);
  const total = Math.round(pages.mono + pages.colour);
  if (!(total > 0)) return null;
  return { pagesPerMonth: total, colour: pages.colour > 0, a3: answers.printsA3 === true, speed: speedClassFor(total) };
}

/** The highest list limit the API takes (docs/api.md "List query parameters"). */
const LIST_LIMIT = 48;

/**
 * The catalogue list of the machines that fit (`GET /api/printers/...`): active products only, by
 * speed, colour and paper size (an A3 list holds A3, A3+, SRA3 and SRA3+ machines).
 */
export function fittingListPath(needs: MachineNeeds): string {
  const production = needs.speed.upToPages === null && needs.colour;
  const list = production ? 'productionprinters' : 'multifunctionals';
  const sub = production ? 'colour' : `${needs.a3 ? 'a3-' : ''}${needs.colour ? 'colour' : 'mono'}`;
  const query = new URLSearchParams({ limit: String(LIST_LIMIT), minSpeed: String(needs.speed.minPpm) });
  if (needs.speed.maxPpm !== null) query.set('maxSpeed', String(needs.speed.maxPpm));
  return `/api/printers/${list}/${sub}?${query.toString()}`;
}

const A3_SIZES = new Set(['A3', 'A3+', 'SRA3', 'SRA3+']);

/** Whether a product does what the needs ask (the list asks the same; checked again on what it answers). */
export function productFits(product: Product, needs: MachineNeeds): boolean {
  const attributes = product.productAttributes ?? {};
  const ppm = attributes.printSpeedPpm;
  if (typeof ppm !== 'number' || ppm < needs.speed.minPpm || (needs.speed.maxPpm !== null && ppm > needs.speed.maxPpm)) return false;
  const colour = attributes.isColour === true || product.colourPrinting === 'colour';
  if (colour !== needs.colour) return false;
  if (needs.a3 && !A3_SIZES.has(String(attributes.maxPaperSize ?? product.paperSize ?? ''))) return false;
  return true;
}

/** The machine the general checker compares with, and the range across every machine that fits. */
export interface MachineFit {
  needs: MachineNeeds;
  /** The typical machine that fits: Copytech's side is priced with its own prices per page. */
  machine: CheckerMachine;
  /** How many machines fit. */
  count: number;
  /** Copytech's service for these pages a month across the machines that fit, whole pence (lowest and highest). */
  servicePerMonth: { min: number; max: number };
}

/** Copytech's service a month for these pages at a machine's prices, at least the minimum charge (unrounded pence). */
export function serviceAt(pages: { mono: number; colour: number }, rates: CheckerMachine['rates'], terms: CommercialTerms): number {
  // A mono machine prints every page in mono.
  const pagesCost =
    rates.colour === null ? (pages.mono + pages.colour) * rates.mono : pages.mono * rates.mono + pages.colour * rates.colour;
  const minimum = terms.service.minimumCharge.pence / terms.service.minimumCharge.periodMonths;
  return Math.max(pagesCost, minimum);
}

/**
 * The fit for these answers from the products a list answered: the machines that fit (checked
 * again here), by what their service costs at the visitor's pages, the middle one named. Null
 * when nothing fits (or there are no pages yet).
 */
export function machineFit(
  products: readonly Product[] | null | undefined,
  answers: SavingsAnswers,
  terms: CommercialTerms,
  pagesOf: PagesOf,
): MachineFit | null {
  const needs = machineNeedsOf(answers, pagesOf);
  if (!needs || !products) return null;
  const pages = pagesOf(answers);
  const priced = products
    .filter((product) => productFits(product, needs))
    .map((product) => checkerMachineOf(product, terms).machine)
    .filter((machine): machine is CheckerMachine => machine !== null)
    .map((machine) => ({ machine, service: serviceAt(pages, machine.rates, terms) }))
    .sort((a, b) => a.service - b.service || (a.machine.modelId < b.machine.modelId ? -1 : a.machine.modelId > b.machine.modelId ? 1 : 0));
  const typical = priced[Math.floor((priced.length - 1) / 2)];
  const lowest = priced[0];
  const highest = priced[priced.length - 1];
  if (!typical || !lowest || !highest) return null;
  return {
    needs,
    machine: typical.machine,
    count: priced.length,
    servicePerMonth: { min: Math.round(lowest.service), max: Math.round(highest.service) },
  };
}

const pageCount = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** `20 to 29 ppm`, `70 ppm or faster`. */
export function speedClassWords(speed: CheckerSpeedClass): string {
  if (speed.maxPpm === null) return `${speed.minPpm} ppm or faster`;
  return speed.minPpm === 0 ? `up to ${speed.maxPpm} ppm` : `${speed.minPpm} to ${speed.maxPpm} ppm`;
}

/** The kind of machine that fits, in words: `30 to 39 ppm A3 colour multifunctionals` (plural: the machines that fit). */
export function machineNeedsWords(needs: MachineNeeds): string {
  const kind = needs.speed.upToPages === null && needs.colour ? 'production printers' : 'multifunctionals';
  return [speedClassWords(needs.speed), needs.a3 ? 'A3' : null, needs.colour ? 'colour' : 'mono', kind].filter(Boolean).join(' ');
}

/** `about 5,000 pages a month`. */
export function monthlyPagesWords(needs: MachineNeeds): string {
  return `about ${pageCount.format(needs.pagesPerMonth)} pages a month`;
}

/** Copytech's side priced with the machine that fits, in one sentence (the results, the assumptions and the report). */
export function fitRatesWords(fit: MachineFit): string {
  const { machine: typical, count, needs } = fit;
  const among = count > 1 ? `, the middle one by service cost of the ${count} that fit` : ', the one that fits';
  return `Copytech's side uses the prices per page of the ${typical.brand} ${typical.model}, ${machineRatesShortWords(typical.rates)} (A4, ex VAT): Copytech's ${machineNeedsWords(needs)} fit ${monthlyPagesWords(needs)}${among}.`;
}

const money = (pence: number) => formatPence(Math.abs(pence)) ?? '£0.00';

/**
 * Copytech's side in one sentence, the same on the page, the results and the report: the machine
 * chosen (its rental and own prices), the machine that fits (its own prices), or the "from" prices.
 */
export function copytechSideWords(terms: CommercialTerms, machine: CheckerMachine | null, fit: MachineFit | null): string {
  if (machine) return copytechRatesWords(terms, machine);
  return fit ? fitRatesWords(fit) : copytechRatesWords(terms, null);
}

/** Who Copytech's side is, at the start of the result's sentence: `With the Konica Minolta bizhub C301i, at its rental and its own prices per page`. */
export function comparisonLead(machine: CheckerMachine | null, fit: MachineFit | null): string {
  if (machine) {
    const name = `${machine.brand} ${machine.model}`;
    return machine.rentalPence !== null
      ? `With the ${name}, at its rental and its own prices per page`
      : `With the ${name} at its own prices per page (its outright price on top)`;
  }
  if (fit) {
    return `With the ${fit.machine.brand} ${fit.machine.model} (${machineRatesShortWords(fit.machine.rates)}), one of Copytech's ${machineNeedsWords(fit.needs)} that fit ${monthlyPagesWords(fit.needs)}`;
  }
  return "At Copytech's lowest prices per page, which only its fastest office machines have";
}

/** The range across the machines that fit, per year: `The 22 machines that fit would charge £744 to £1,176 a year for your pages.` */
export function fitRangeWords(fit: MachineFit | null): string {
  if (!fit || fit.count < 2) return '';
  const { min, max } = fit.servicePerMonth;
  return ` The ${fit.count} machines that fit would charge ${money(min * 12)} to ${money(max * 12)} a year for your pages.`;
}
