/**
 * The commercial terms as CMS pages and blog posts quote them, `{{terms.name}}` (server/data/README.md
 * "Pages"): the server fills them when it serves a page. Apart from terms.ts so that the browser
 * rooms' shared terms words do not carry the page-billing sentences (used by the product page only).
 */
import { COMPANY, CREDIT_BROKER_DISCLOSURE, companyRegistrationLine } from '../company';
import { pageBillingTerms } from './runningCosts';
import {
  leaseTermsWords,
  listInWords,
  minimumChargeWords,
  moneyWords as money,
  penceWords,
  pricePerPageWords,
  type CommercialTerms,
} from './terms';

/** The page-billing terms by name, as the CMS pages quote them one by one (in `pageBillingTerms`' order). */
const PAGE_BILLING_PLACEHOLDERS = [
  'terms.pageBillingColour',
  'terms.pageBillingSizes',
  'terms.pageBillingMinimum',
  'terms.pageBillingCoverage',
  'terms.pageBillingRises',
] as const;

/**
 * The named values a CMS page may quote as `{{terms.name}}` (server/data/README.md "Pages"),
 * the sales and support numbers as `{{phone.sales}}`, `{{phone.support}}`, and who we are in law
 * from `COMPANY` (shared/src/company.ts) as `{{company.name}}`: `company.legalName`,
 * `company.number`, `company.vatNumber`, `company.registeredOffice`, `company.registration` (the
 * whole registration sentence) and `company.creditBroker` (the credit-broker disclosure). The page-billing
 * terms are the very sentences the product pages show (`pageBillingTerms`): all five as
 * `{{terms.pageBilling}}`, or each by its name.
 */
export function termsPlaceholderValues(terms: CommercialTerms, phones: { sales: string; support: string }): Record<string, string> {
  const { lease, service } = terms;
  const billing = pageBillingTerms(terms);
  return {
    'terms.pageBilling': billing.join(' '),
    ...Object.fromEntries(PAGE_BILLING_PLACEHOLDERS.map((name, index) => [name, billing[index] ?? ''])),
    'terms.pricePerPage': pricePerPageWords(terms),
    'terms.monoFrom': penceWords(service.pricePerPage.fromPence.mono),
    'terms.colourFrom': penceWords(service.pricePerPage.fromPence.colour),
    'terms.fromAppliesTo': service.pricePerPage.fromAppliesTo,
    'terms.minimumCharge': minimumChargeWords(terms),
    'terms.serviceCovers': listInWords(service.covers),
    'terms.serviceExcludes': listInWords(service.doesNotCover),
    'terms.leaseCovers': listInWords(lease.covers),
    'terms.leaseExcludes': listInWords(lease.doesNotCover),
    'terms.leaseTerms': leaseTermsWords(lease),
    'terms.leaseShownMonths': String(lease.pricesShownForMonths),
    'terms.leaseMinimum': money(lease.minimumStartingPricePence),
    'terms.responseMachineDown': terms.engineerResponse['machine-down'],
    'terms.responseFault': terms.engineerResponse.fault,
    'terms.responseRoutine': terms.engineerResponse.routine,
    'terms.priceFixedMonths': String(service.pageBilling.fixedForMonths),
    'terms.a4TeamUpTo': String(terms.machineFit.a4TeamUpTo),
    'phone.sales': phones.sales,
    'phone.support': phones.support,
    'company.legalName': COMPANY.legalName,
    'company.number': COMPANY.companyNumber,
    'company.vatNumber': COMPANY.vatNumber,
    'company.registeredOffice': COMPANY.registeredOffice.join(', '),
    'company.registration': companyRegistrationLine(),
    'company.creditBroker': CREDIT_BROKER_DISCLOSURE,
  };
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}/g;

/** The placeholders a text uses that `values` does not know (empty: every one is known). */
export function unknownPlaceholders(text: string, values: Record<string, string>): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '').filter((name) => !Object.hasOwn(values, name));
}

/** Every string in a JSON value with its `{{name}}` placeholders filled from `values` (unknown ones left as written). */
export function fillPlaceholders<T>(value: T, values: Record<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fillPlaceholders(item, values)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, values)])) as T;
  }
  return value;
}
