/** VAT (docs/product-rules.md "A quote's figures"): the one rate every "with VAT" price is worked out from. */

/** The UK standard rate of VAT, per cent. */
export const VAT_PERCENT = 20;

/** A price ex VAT with VAT added, whole pence (rounded half up). */
export function withVatPence(exVatPence: number): number {
  return Math.round((exVatPence * (100 + VAT_PERCENT)) / 100);
}
