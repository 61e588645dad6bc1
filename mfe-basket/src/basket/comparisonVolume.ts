/**
 * The one volume the comparison's monthly estimate is at (docs/product-rules.md "Comparison"):
 * mono and colour pages a month as the visitor typed them, kept for the visit (the drawer may
 * close and open again); untouched, the class defaults of the first printing machine in the
 * basket (office A3's when none is loaded yet).
 */
import { observable, runInAction } from 'mobx';
import {
  DEFAULT_MONTHLY_PAGES,
  boundedPages,
  runningCostClassOf,
  servicePerPageOf,
  type MonthlyPages,
  type Product,
} from '@copytech/shared/domain';

export type VolumeField = keyof MonthlyPages;

/** What the visitor typed in each box; null: not touched (the defaults apply). */
const typed = observable.object<Record<VolumeField, string | null>>({ mono: null, colour: null });

/** The class defaults of the first printing machine among these products, else office A3's. */
export function defaultComparisonPages(products: ReadonlyArray<Product | null>): MonthlyPages {
  for (const product of products) {
    const cls = product && servicePerPageOf(product) ? runningCostClassOf(product) : null;
    if (cls) return { ...DEFAULT_MONTHLY_PAGES[cls] };
  }
  return { ...DEFAULT_MONTHLY_PAGES['office-a3'] };
}

/** The text in a box: what was typed, or the default's figure. */
export function volumeText(field: VolumeField, defaults: MonthlyPages): string {
  return typed[field] ?? String(defaults[field]);
}

/** The volume the estimate is at: what was typed (0 to MONTHLY_PAGES_MAX, `boundedPages`), else the defaults. */
export function comparisonPages(defaults: MonthlyPages): MonthlyPages {
  return {
    mono: typed.mono === null ? defaults.mono : boundedPages(typed.mono),
    colour: typed.colour === null ? defaults.colour : boundedPages(typed.colour),
  };
}

/** The volume the basket's estimates and its quote are at, for these products (those not loaded yet are null). */
export function basketPages(products: ReadonlyArray<Product | null>): MonthlyPages {
  return comparisonPages(defaultComparisonPages(products));
}

export function setVolumeText(field: VolumeField, text: string): void {
  runInAction(() => (typed[field] = text.slice(0, 12)));
}

/** Tests only: back to the defaults. */
export function forgetComparisonVolume(): void {
  runInAction(() => {
    typed.mono = null;
    typed.colour = null;
  });
}
