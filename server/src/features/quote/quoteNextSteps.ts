/** The "what happens next" of the visitor's quote e-mail, worded from the commercial terms (docs/product-rules.md "Commercial terms"). */
import { formatPence, leaseTermsWords, listInWords, minimumChargeWords, type CommercialTerms } from '@copytech/shared/domain';

/** What happens after a quote request, in order (the visitor's quote mail lists them), worded from the terms. */
export function quoteNextSteps(terms: CommercialTerms): string[] {
  const minimum = formatPence(terms.lease.minimumStartingPricePence)?.replace(/\.00$/, '');
  return [
    'A Copytech print specialist will call you within one working day to check what you print and how, so the machines and the service agreement fit your office.',
    `We then send your tailored proposal: each machine to buy outright or, from ${minimum}, to lease over ${leaseTermsWords(terms.lease)}; ` +
      `and a separate service agreement covering ${listInWords(terms.service.covers)}, charged per page at each machine's own prices above ` +
      `(at least ${minimumChargeWords(terms)} ex VAT), billed as set out under the machines.`,
    'When you are happy, we deliver, install and set everything up on your network, and show your team how to use it.',
  ];
}
