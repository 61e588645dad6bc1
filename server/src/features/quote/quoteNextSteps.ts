/** The "what happens next" of the visitor's quote e-mail, worded from the commercial terms (docs/product-rules.md "Commercial terms"). */
import { formatPence, leaseTermsWords, listInWords, minimumChargeWords, type CommercialTerms } from '@copytech/shared/domain';

/**
 * What happens after a quote request, in order (the visitor's quote mail lists them), worded from
 * the terms. `printing`: whether any quoted machine prints (a quote of scanners and finishers has
 * no page charges, and its servicing is priced separately).
 */
export function quoteNextSteps(terms: CommercialTerms, printing = true): string[] {
  const minimum = formatPence(terms.lease.minimumStartingPricePence)?.replace(/\.00$/, '');
  const service = printing
    ? `and a separate service agreement covering ${listInWords(terms.service.covers)}, charged per page at each machine's own prices above ` +
      `(at least ${minimumChargeWords(terms)} ex VAT), billed as set out under the machines.`
    : 'and the price of servicing them, which is priced separately (they print nothing, so there are no page charges).';
  return [
    printing
      ? 'A Copytech print specialist will call you within one working day to check what you print and how, so the machines and the service agreement fit your office.'
      : 'A Copytech specialist will call you within one working day to check what you scan and finish and how, so the machines fit your office.',
    `We then send your tailored proposal: each machine to buy outright or, from ${minimum}, to lease over ${leaseTermsWords(terms.lease)}; ${service}`,
    'When you are happy, we deliver, install and set everything up on your network, and show your team how to use it.',
  ];
}
