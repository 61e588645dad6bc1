/**
 * Commercial terms for tests: the same values as server/data/terms.json (the product owner's terms),
 * parsed by the same function the server uses, so a test works from real, valid terms.
 */
import { parseCommercialTerms, type CommercialTerms } from '../domain/terms';

export const TEST_TERMS: CommercialTerms = parseCommercialTerms({
  lease: {
    termsOfferedMonths: [36, 48, 60],
    pricesShownForMonths: 60,
    billedEveryMonths: 3,
    minimumStartingPricePence: 100000,
    covers: ['the machine, financed over the term', 'delivery', 'installation', 'network set-up', 'a handover for your team'],
    doesNotCover: ['toner', 'parts', 'servicing'],
  },
  service: {
    covers: ['toner (delivered free and automatically)', 'parts', 'labour', 'engineer call-outs', 'remote diagnostics', 'firmware updates'],
    doesNotCover: ['paper', 'staples'],
    pricePerPage: {
      variesByMachine: true,
      fromPence: { mono: 0.39, colour: 3.3 },
      fromAppliesTo: 'office machines (A4 and A3 multifunctionals and printers)',
    },
    pageBilling: {
      colourPage: 'a page with any colour on it is one colour page, whatever colours it uses, never a charge per colour',
      a4PagesPerA3Page: 2,
      coveragePercent: 5,
      aboveCoverage: 'there is no extra charge for pages that use more',
      fixedForMonths: 12,
      riseAtMost: 'once a year, by no more than the Consumer Prices Index (CPI) rose over the year before',
      riseNoticeDays: 30,
    },
    minimumCharge: { pence: 4500, periodMonths: 3 },
  },
  quote: { validForDays: 30 },
  engineerResponse: {
    'machine-down': 'an engineer on site the next business day, if we cannot fix it remotely',
    fault: 'within two business days',
    routine: 'within three business days',
  },
  machineFit: { a4TeamUpTo: 10 },
  urgencies: {
    'machine-down': { label: 'Machine down: we cannot print', response: 'machine-down' },
    high: { label: 'Working, but with a fault', response: 'fault' },
    normal: { label: 'Routine: toner, a meter reading or a question', response: 'routine' },
  },
});
