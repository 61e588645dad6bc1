/**
 * Which products each list endpoint shows (docs/api.md "Reads"): a scope is the set of
 * products of a type, class or category (active ones only), optionally narrowed by a
 * sub-category. Query parameters then filter inside the scope.
 */
import {
  isFinisherCategory,
  PRINTER_TYPES,
  PRODUCTION_CATEGORIES,
  SCANNER_CATEGORIES,
  SCANNER_CLASSES,
  SUBCATEGORIES,
  subcategoryFilter,
  type PrinterType,
  type ScannerClass,
  type Subcategory,
} from '@copytech/shared/domain';

export interface ListScope {
  /** identifies the scope (facets are cached by it) */
  key: string;
  printerTypes?: PrinterType[];
  scannerClasses?: ScannerClass[];
  categories?: string[];
  kinds?: Array<'printer' | 'scanner' | 'finisher'>;
  /** productSpecification values (the finisher categories) */
  specifications?: string[];
  paperClass?: 'a3' | 'a4';
  colour?: 'colour' | 'mono';
  /** which attribute minSpeed/maxSpeed and the speed sort use */
  speedField: 'printSpeedPpm' | 'scanSpeedPpm';
}

export const KNOWN_CATEGORIES: readonly string[] = [
  'multifunctional-printer',
  'office-printer',
  'printer',
  ...PRODUCTION_CATEGORIES,
  'plotter',
  ...SCANNER_CATEGORIES,
  'finisher',
];

type BaseScope = Omit<ListScope, 'key' | 'paperClass' | 'colour'>;

/** The entry of a table named by a URL segment: own properties only, so `toString`, `constructor`
 * or `__proto__` are unknown names, not the prototype's members. */
function own<T>(table: Readonly<Record<string, T>>, name: string): T | null {
  return Object.hasOwn(table, name) ? (table[name] as T) : null;
}

/** /api/printers/{name} */
export const PRINTER_LISTS: Record<string, BaseScope> = {
  multifunctionals: { printerTypes: ['multifunctionals'], speedField: 'printSpeedPpm' },
  officeprinters: { printerTypes: ['print-only'], speedField: 'printSpeedPpm' },
  productionprinters: { printerTypes: ['production'], speedField: 'printSpeedPpm' },
  plotterprinters: { printerTypes: ['plotters'], speedField: 'printSpeedPpm' },
  all: { kinds: ['printer'], speedField: 'printSpeedPpm' },
};

/** /api/scanners/{name} ('workgroup' is the menu's name for desktop-workgroup) */
export const SCANNER_LISTS: Record<string, BaseScope> = {
  ...Object.fromEntries(SCANNER_CLASSES.map((cls) => [cls, { scannerClasses: [cls], speedField: 'scanSpeedPpm' } satisfies BaseScope])),
  workgroup: { scannerClasses: ['desktop-workgroup'], speedField: 'scanSpeedPpm' },
  all: { kinds: ['scanner'], speedField: 'scanSpeedPpm' },
};

/** /api/products/category/{name}: a category, a printer type, or a group name. */
function categoryList(name: string): BaseScope | null {
  if (name === 'multifunctional-printers') return { printerTypes: ['multifunctionals'], speedField: 'printSpeedPpm' };
  if ((PRINTER_TYPES as readonly string[]).includes(name)) return { printerTypes: [name as PrinterType], speedField: 'printSpeedPpm' };
  if (name === 'printers') return { kinds: ['printer'], speedField: 'printSpeedPpm' };
  if (name === 'scanners') return { kinds: ['scanner'], speedField: 'scanSpeedPpm' };
  if (name === 'finishers') return { kinds: ['finisher'], speedField: 'printSpeedPpm' };
  const scannerList = name !== 'production' && name !== 'all' ? own(SCANNER_LISTS, name) : null;
  if (scannerList) return scannerList;
  if (KNOWN_CATEGORIES.includes(name)) {
    return { categories: [name], speedField: (SCANNER_CATEGORIES as readonly string[]).includes(name) ? 'scanSpeedPpm' : 'printSpeedPpm' };
  }
  return null;
}

export function isSubcategory(value: string): value is Subcategory {
  return (SUBCATEGORIES as readonly string[]).includes(value);
}

/** A scope from a base list and an optional sub-category; null when either is unknown. */
function withSubcategory(key: string, base: BaseScope | null | undefined, subcategory?: string): ListScope | null {
  if (!base) return null;
  if (subcategory === undefined) return { ...base, key };
  if (!isSubcategory(subcategory)) return null;
  return { ...base, ...subcategoryFilter(subcategory), key: `${key}/${subcategory}` };
}

/** The finisher lists ('finisher' is the category, 'finishers' the group name): one kind of product. */
const FINISHER_LISTS: readonly string[] = ['finishers', 'finisher'];

/**
 * /api/products/category/{category}/{subcategory}. The sub-categories of finishers are their
 * categories (stapling, booklet…: the productSpecification), not the paper and colour ones of
 * printers, which finishers do not have; the key names the sub-category so its facets are its own.
 */
export function categoryScope(category: string, subcategory?: string): ListScope | null {
  if (subcategory !== undefined && FINISHER_LISTS.includes(category)) {
    const base = categoryList(category);
    if (!base || !isFinisherCategory(subcategory)) return null;
    return { ...base, specifications: [subcategory], key: `category:${category}/${subcategory}` };
  }
  return withSubcategory(`category:${category}`, categoryList(category), subcategory);
}
export function printerScope(name: string, subcategory?: string): ListScope | null {
  return withSubcategory(`printers:${name}`, own(PRINTER_LISTS, name), subcategory);
}
export function scannerScope(name: string): ListScope | null {
  return withSubcategory(`scanners:${name}`, own(SCANNER_LISTS, name));
}
