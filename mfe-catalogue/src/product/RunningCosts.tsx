/**
 * Running costs on a product page (docs/product-rules.md "Running costs"): the machine's own
 * service prices per page next to the rental (`ServicePrices`), and "What it costs a month"
 * (`RunningCosts`): pages a month in, the rental plus the pages at the machine's prices out, ex
 * VAT, with the page-billing terms beside it and a way into the savings checker.
 *
 * The volumes are a GET form (`?mono=&colour=` on the product's own path): rendered by the server
 * with the class's default volumes (or those of the query), so without JavaScript the defaults'
 * figure is in the page and a visitor can still type volumes and press "Work it out". Once
 * hydrated the figure follows the inputs as they are typed (a polite live region) and the button
 * goes. Machines without prices per page (scanners, finishers) show none of it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useHydrated } from '@copytech/shared';
import {
  MONTHLY_PAGES_MAX,
  boundedPages,
  checkerPathForMachine,
  defaultMonthlyPages,
  formatPence,
  listInWords,
  minimumChargeWords,
  monthlyRunningCost,
  pageBillingTerms,
  penceWords,
  runningCostClassOf,
  runningCostWords,
  servicePerPageOf,
  servicePerPageWords,
  type CommercialTerms,
  type MonthlyPages,
  type Product,
  type RunningCostEstimate,
} from '@copytech/shared/domain';
import { useTerms } from '@copytech/shared/terms';
import styles from './RunningCosts.module.css';

/** The id of the section, for the link from the prices. */
export const RUNNING_COSTS_ID = 'running-costs';

const count = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const money = (pence: number | null) => formatPence(pence) ?? '£0.00';

/** "Service: 0.52p a mono page and 4p a colour page (A4, ex VAT)", under the rental; nothing for a machine that prints nothing. */
export function ServicePrices({ product }: { product: Pick<Product, 'price'> }) {
  const rates = servicePerPageOf(product);
  if (!rates) return null;
  return (
    <p className={styles.service} data-testid="service-prices">
      <span className={styles.serviceLabel}>Service:</span> {servicePerPageWords(rates)}.{' '}
      <a href={`#${RUNNING_COSTS_ID}`}>See what it costs a month</a>
    </p>
  );
}

/** The volumes the page opens with: those of the query (a submitted form), else the class's defaults. */
function startingVolumes(defaults: MonthlyPages, query: URLSearchParams): { mono: string; colour: string } {
  const read = (name: 'mono' | 'colour') => {
    const value = query.get(name);
    return value === null ? defaults[name] : boundedPages(value);
  };
  return { mono: String(read('mono')), colour: String(read('colour')) };
}

/** The estimate's rows: rental (or the outright price, kept out of the sum), the pages or the minimum, the total. */
function Breakdown({ estimate, terms }: { estimate: RunningCostEstimate; terms: CommercialTerms }) {
  const { pages, rates } = estimate;
  const pageWords = [`${count.format(pages.mono)} mono at ${penceWords(rates.mono)}`];
  if (rates.colour !== null) pageWords.push(`${count.format(pages.colour)} colour at ${penceWords(rates.colour)}`);
  const rental = estimate.rentalPence !== null;
  return (
    <table className={styles.breakdown}>
      <caption className="visually-hidden">What it costs a month, ex VAT</caption>
      <tbody>
        {rental ? (
          <tr>
            <th scope="row">Rental ({terms.lease.pricesShownForMonths}-month lease)</th>
            <td>{money(estimate.rentalPence)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">Pages: {pageWords.join(' and ')}</th>
          <td>{money(Math.round(estimate.pagesPence))}</td>
        </tr>
        {estimate.minimumApplies ? (
          <tr>
            <th scope="row">Minimum service charge ({minimumChargeWords(terms)}), billed as your pages cost less</th>
            <td>{money(estimate.servicePence)}</td>
          </tr>
        ) : null}
        <tr className={styles.total}>
          <th scope="row">{rental ? 'Total a month, ex VAT' : 'Pages a month, ex VAT'}</th>
          <td>{money(estimate.totalPence)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** One volume: a labelled text box for whole numbers, its range said. */
function VolumeField(props: { id: string; name: 'mono' | 'colour'; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-describedby={`${props.id}-hint`}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <span id={`${props.id}-hint`} className={styles.hint}>
        0 to {count.format(MONTHLY_PAGES_MAX)}
      </span>
    </div>
  );
}

/** "What it costs a month": the volumes, the figure and its breakdown, the page-billing terms and the checker link. */
export function RunningCosts({ product }: { product: Product }) {
  const terms = useTerms();
  const defaults = defaultMonthlyPages(product);
  if (!terms || !defaults) return null;
  return <RunningCostsFor product={product} terms={terms} defaults={defaults} />;
}

/** How long after the last keystroke the new figure is read out. */
export const ANNOUNCE_AFTER_MS = 700;

/**
 * The figure as a screen reader should hear it: nothing until the visitor changes a volume, then
 * the figure once they pause typing (a polite region fed on every keystroke would read each one).
 */
function useSettledAnnouncement(figure: string): string {
  const [spoken, setSpoken] = useState('');
  const first = useRef(figure);
  useEffect(() => {
    if (figure === first.current && spoken === '') return undefined;
    const timer = setTimeout(() => setSpoken(figure), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new figure starts the wait
  }, [figure]);
  return spoken;
}

/**
 * The volumes typed are written to the page's address (`?mono=&colour=`, replacing the entry, not
 * navigating), as the form without JavaScript sends them: the instant quote opened from this page
 * starts from them (it reads the address), and the address shared or reloaded keeps them.
 */
function useVolumesInAddress(volumes: { mono: string; colour: string }, colour: boolean): void {
  const first = useRef(volumes);
  useEffect(() => {
    if (volumes === first.current) return;
    const url = new URL(window.location.href);
    url.searchParams.set('mono', String(boundedPages(volumes.mono)));
    if (colour) url.searchParams.set('colour', String(boundedPages(volumes.colour)));
    else url.searchParams.delete('colour');
    // The router's own entry state is kept, so Back and its scroll memory work as before.
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [volumes, colour]);
}

function RunningCostsFor({ product, terms, defaults }: { product: Product; terms: CommercialTerms; defaults: MonthlyPages }) {
  const id = useId();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const [volumes, setVolumes] = useState(() => startingVolumes(defaults, query));
  const colour = servicePerPageOf(product)?.colour !== null;
  const estimate = monthlyRunningCost(product, { mono: boundedPages(volumes.mono), colour: boundedPages(volumes.colour) }, terms);
  const figure = estimate ? runningCostWords(estimate) : '';
  const announcement = useSettledAnnouncement(figure);
  useVolumesInAddress(volumes, colour);
  if (!estimate) return null;
  const plotter = runningCostClassOf(product) === 'wide-format';
  const onSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <section id={RUNNING_COSTS_ID} className={styles.section} aria-labelledby={`${id}-heading`} data-testid="running-costs">
      <h2 id={`${id}-heading`}>What it costs a month</h2>
      <div className={styles.columns}>
        <div className={styles.estimate}>
          <form method="get" action={`${pathname}#${RUNNING_COSTS_ID}`} onSubmit={onSubmit} className={styles.form}>
            <p className={styles.intro}>
              Pages you print a month{plotter ? ', in A4 pages of area (an A1 sheet is eight)' : ''}. We start from what a machine of this
              class typically prints.
            </p>
            <VolumeField
              id={`${id}-mono`}
              name="mono"
              label="Mono pages a month"
              value={volumes.mono}
              onChange={(mono) => setVolumes((now) => ({ ...now, mono }))}
            />
            {colour ? (
              <VolumeField
                id={`${id}-colour`}
                name="colour"
                label="Colour pages a month"
                value={volumes.colour}
                onChange={(value) => setVolumes((now) => ({ ...now, colour: value }))}
              />
            ) : null}
            {hydrated ? null : (
              <button type="submit" className={styles.submit}>
                Work it out
              </button>
            )}
          </form>
          <output className={styles.figure} htmlFor={`${id}-mono${colour ? ` ${id}-colour` : ''}`} data-testid="running-cost-figure">
            {figure}
          </output>
          <p className="visually-hidden" aria-live="polite" data-testid="running-cost-announcement">
            {announcement}
          </p>
          <Breakdown estimate={estimate} terms={terms} />
          {estimate.rentalPence === null ? (
            <p className={styles.note}>
              {estimate.purchasePence === null
                ? 'The machine itself is priced on request, on top of its pages.'
                : `The machine is bought outright at ${money(estimate.purchasePence)} ex VAT, on top of its pages.`}
            </p>
          ) : null}
          <p className={styles.checker}>
            <Link to={checkerPathForMachine(product.modelId)}>Check against what you pay now</Link>
          </p>
        </div>
        <PageBilling terms={terms} />
      </div>
    </section>
  );
}

/** The page-billing terms, said beside every price per page. */
function PageBilling({ terms }: { terms: CommercialTerms }) {
  const id = useId();
  return (
    <aside className={styles.terms} aria-labelledby={id}>
      <h3 id={id}>How pages are billed</h3>
      <ul>
        {pageBillingTerms(terms).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      <p>
        Service covers {listInWords(terms.service.covers)}. The full terms are on our <Link to="/terms">terms page</Link>.
      </p>
    </aside>
  );
}
