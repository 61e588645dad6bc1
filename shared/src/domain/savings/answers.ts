/**
 * The savings checker's answers: constants, the shape of what a visitor tells us, the defaults and
 * which answers count (docs/product-rules.md "Answers"). Money is whole pence ex VAT; periods are
 * whole months.
 */
// ---------------------------------------------------------------------------------------------
// Constants (docs/product-rules.md "Constants")

/** Copytech's prices per page, in pence per A4 page excluding VAT. */
export const COPYTECH_PRICE_PER_PAGE = Object.freeze({ mono: 0.39, colour: 3.3 });
/** Period of every price and volume until the visitor changes it: a quarter (UK bills are quarterly). */
export const DEFAULT_PERIOD_IN_MONTHS = 3;
/** Share of colour pages assumed in a bill whose split the visitor does not know (per cent). */
export const DEFAULT_COLOUR_RATIO = 30;
/** Years a bought machine is spread over unless the visitor says otherwise (a 60-month term). */
export const DEFAULT_PURCHASE_PERIOD_YEARS = 5;
/** The term the long-run figures are given for. */
export const COMPARISON_MONTHS = 60;

/** The periods a visitor can choose for a price or a volume. */
export const PERIOD_OPTIONS = [
  { months: 1, label: 'per month' },
  { months: 3, label: 'per quarter' },
  { months: 6, label: 'every 6 months' },
  { months: 12, label: 'per year' },
] as const;
export type PeriodInMonths = (typeof PERIOD_OPTIONS)[number]['months'];
export const PERIOD_MONTHS: readonly number[] = PERIOD_OPTIONS.map((option) => option.months);

export const PURCHASE_YEARS_MIN = 1;
export const PURCHASE_YEARS_MAX = 10;
export const MAX_OTHER_CHARGES = 10;
export const OTHER_CHARGE_NAME_MAX = 60;
/** Upper bounds that keep a typo from producing absurd figures (and the server's input bounded). */
export const SAVINGS_LIMITS = {
  /** £1,000,000 in pence, for any single amount */
  maxPence: 100_000_000,
  /** pages in one period */
  maxPages: 50_000_000,
} as const;

// ---------------------------------------------------------------------------------------------
// Answers

export const ENTRY_MODES = ['itemised', 'bill'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];
export const PURCHASE_METHODS = ['lease', 'rental', 'purchase', 'cpc-only'] as const;
export type PurchaseMethod = (typeof PURCHASE_METHODS)[number];
export const SUPPORT_METHODS = ['service-contract', 'cpc', 'warranty', 'pay-as-you-go', 'none'] as const;
export type SupportMethod = (typeof SUPPORT_METHODS)[number];

export const PURCHASE_METHOD_LABELS: Record<PurchaseMethod, string> = {
  lease: 'Leased (a finance agreement with a fixed payment)',
  rental: 'Rented (a rental agreement with a fixed payment)',
  purchase: 'Bought outright',
  'cpc-only': 'Included in a cost-per-copy charge (no separate equipment payment)',
};
export const SUPPORT_METHOD_LABELS: Record<SupportMethod, string> = {
  'service-contract': 'A service contract with a fixed fee',
  cpc: 'A cost-per-copy (click charge) agreement',
  warranty: 'A warranty',
  'pay-as-you-go': 'We pay for repairs and toner as we need them',
  none: 'No support: we only buy toner',
};

/** An amount in pence paid every `periodInMonths` months; null until the visitor answers. */
export interface PricePerPeriod {
  periodInMonths: number;
  value: number | null;
}
export interface OtherCharge {
  name: string;
  /** pence per period */
  value: number | null;
  periodInMonths: number;
}
/** Pages printed every `periodInMonths` months; null until the visitor answers. */
export interface Volume {
  periodInMonths: number;
  value: number | null;
}
/** Pence per A4 page. */
export interface PricePerPage {
  mono: number;
  colour: number;
}
/**
 * The bill-only path: the total of a print bill (`cost`, pence) for `periodInMonths`, and its
 * pages, either split (`monoPages` and `colourPages`, when either is not null) or as a total
 * (`pages`) of which `colourRatio` per cent are colour.
 */
export interface Bill {
  colourPages: number | null;
  monoPages: number | null;
  pages: number | null;
  cost: number | null;
  colourRatio: number;
  periodInMonths: number;
}

export interface SavingsAnswers {
  entryMode: EntryMode | null;
  purchaseMethod: PurchaseMethod | null;
  equipmentIsInsured: boolean | null;
  equipmentPurchasePeriodYears: number;
  howIsEquipmentSupported: SupportMethod | null;
  tonerDeliveryPaidFor: boolean | null;
  networkSupportPaidFor: boolean | null;
  payOtherCharges: boolean | null;
  /** A one-off price: spread over equipmentPurchasePeriodYears (its periodInMonths mirrors that). */
  equipmentPurchasePrice: PricePerPeriod;
  /** The lease or rental payment. */
  leasePricePerPeriod: PricePerPeriod;
  /** The service contract fee or the cost-per-copy charges. */
  cpcPricePerPeriod: PricePerPeriod;
  warrantyPrice: PricePerPeriod;
  /** Money spent as needed: toner, parts, repairs and call-outs no contract covers. */
  spendPricePerPeriod: PricePerPeriod;
  otherChargesPricePerPeriod: OtherCharge[];
  blackAndWhiteVolume: Volume;
  colourVolume: Volume;
  /**
   * Whether the visitor prints A3 (the machine the checker compares with must then take A3);
   * null or absent: not said, any paper size fits. Optional: progress saved before it was asked
   * has none.
   */
  printsA3?: boolean | null;
  copytechPricePerPage: PricePerPage;
  bill: Bill;
}

/** Names of the other-charge rows the yes/no questions add. */
export const NAMED_CHARGES = {
  equipmentIsInsured: 'Equipment insurance',
  tonerDeliveryPaidFor: 'Toner delivery',
  networkSupportPaidFor: 'Network support',
} as const;

function price(periodInMonths: number = DEFAULT_PERIOD_IN_MONTHS): PricePerPeriod {
  return { periodInMonths, value: null };
}

/** The defaults (docs/product-rules.md "Answers"): period 3 months, 0.39p and 3.3p a page, colour ratio 30. */
export function defaultSavingsAnswers(): SavingsAnswers {
  return {
    entryMode: null,
    purchaseMethod: null,
    equipmentIsInsured: null,
    equipmentPurchasePeriodYears: DEFAULT_PURCHASE_PERIOD_YEARS,
    howIsEquipmentSupported: null,
    tonerDeliveryPaidFor: null,
    networkSupportPaidFor: null,
    payOtherCharges: null,
    equipmentPurchasePrice: price(DEFAULT_PURCHASE_PERIOD_YEARS * 12),
    leasePricePerPeriod: price(),
    cpcPricePerPeriod: price(),
    warrantyPrice: price(12),
    spendPricePerPeriod: price(),
    otherChargesPricePerPeriod: [],
    blackAndWhiteVolume: { periodInMonths: DEFAULT_PERIOD_IN_MONTHS, value: null },
    colourVolume: { periodInMonths: DEFAULT_PERIOD_IN_MONTHS, value: null },
    printsA3: null,
    copytechPricePerPage: { ...COPYTECH_PRICE_PER_PAGE },
    bill: {
      colourPages: null,
      monoPages: null,
      pages: null,
      cost: null,
      colourRatio: DEFAULT_COLOUR_RATIO,
      periodInMonths: DEFAULT_PERIOD_IN_MONTHS,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Which answers count

/** The support arrangement that applies: a cost-per-copy-only machine is supported by its CPC. */
export function effectiveSupport(answers: Pick<SavingsAnswers, 'purchaseMethod' | 'howIsEquipmentSupported'>): SupportMethod | null {
  return answers.purchaseMethod === 'cpc-only' ? 'cpc' : answers.howIsEquipmentSupported;
}

export type PriceField = 'equipmentPurchasePrice' | 'leasePricePerPeriod' | 'cpcPricePerPeriod' | 'warrantyPrice' | 'spendPricePerPeriod';

/** The price fields that count for these answers (and that the wizard asks for). */
export function relevantPriceFields(answers: SavingsAnswers): PriceField[] {
  if (answers.entryMode !== 'itemised') return [];
  const fields: PriceField[] = [];
  if (answers.purchaseMethod === 'purchase') fields.push('equipmentPurchasePrice');
  if (answers.purchaseMethod === 'lease' || answers.purchaseMethod === 'rental') fields.push('leasePricePerPeriod');
  const support = answers.purchaseMethod ? effectiveSupport(answers) : null;
  if (support === 'service-contract' || support === 'cpc') fields.push('cpcPricePerPeriod');
  if (support === 'warranty') fields.push('warrantyPrice');
  if (support === 'warranty' || support === 'pay-as-you-go' || support === 'none') fields.push('spendPricePerPeriod');
  return fields;
}

/** Whether the other-charges list is asked for: any of the yes/no extras answered yes. */
export function asksOtherCharges(answers: SavingsAnswers): boolean {
  return (
    answers.entryMode === 'itemised' &&
    (answers.equipmentIsInsured === true ||
      answers.tonerDeliveryPaidFor === true ||
      answers.networkSupportPaidFor === true ||
      answers.payOtherCharges === true)
  );
}

/** The bill's pages, split into mono and colour (split given, or total x colour ratio). */
export function billPages(bill: Bill): { mono: number; colour: number } {
  if (bill.monoPages !== null || bill.colourPages !== null) {
    return { mono: Math.max(0, bill.monoPages ?? 0), colour: Math.max(0, bill.colourPages ?? 0) };
  }
  const total = Math.max(0, bill.pages ?? 0);
  const ratio = Math.min(100, Math.max(0, bill.colourRatio)) / 100;
  const colour = Math.round(total * ratio);
  return { mono: total - colour, colour };
}
