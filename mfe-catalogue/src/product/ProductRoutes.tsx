/**
 * The three kinds of product page and their rules (SPEC.md section 5). Loaded on demand, so a
 * visitor browsing lists does not download the product page.
 *
 *   /printers/{type}/{brand}/{model}        type in PRINTER_TYPES; category allowed for the type
 *   /scanners/{brand}/{model}               a scanner category
 *   /scanners/{type}/{brand}/{model}        type in SCANNER_TYPES (e.g. production); a scanner category
 *   /finishers/{brand}/{model}              category finisher
 *
 * and in every case the product must be active. Anything else is the shared Not Found page.
 */
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '@copytech/shared';
import {
  allowedCategoriesFor,
  categoryAllowedForType,
  isFinisherCategory,
  isPrinterType,
  isScannerCategory,
  modelIdFromSlugs,
  SCANNER_CATEGORIES,
  SCANNER_TYPES,
  type Product,
} from '@copytech/shared/domain';
import { fetchProduct, fetchScanner } from '../api/catalogueApi';
import { FINISHER_CATEGORY_HEADINGS, HOME_CRUMB, PRINTER_TYPE_LABELS, SCANNER_CLASS_HEADINGS, type Crumb, type ScannerClassSegment } from '../lists/sectionLabels';
import { ProductPage, ProductPageSkeleton } from './ProductPage';
import { useProductLoader, type ProductCheck } from './useProductLoader';

const HOME = HOME_CRUMB;

function mismatch(category: string, allowed: readonly string[]): string {
  return `Product type mismatch: ${category} not in ${allowed.join(', ')}`;
}

function ProductPageFor({ load, check, loadKey, crumbs }: { load: ((signal: AbortSignal) => Promise<Product>) | null; check: ProductCheck; loadKey: string; crumbs: (product: Product) => Crumb[] }) {
  const state = useProductLoader(load, check, loadKey);
  if (state.status === 'loading') return <ProductPageSkeleton />;
  if (state.status === 'not-found') return <NotFoundPage />;
  return <ProductPage key={state.product.modelId} product={state.product} crumbs={crumbs(state.product)} />;
}

/** A modelId from URL slugs, or null when the slugs hold nothing a modelId keeps. */
function modelIdOfParams(brand: string | undefined, model: string | undefined): string | null {
  if (!brand || !model) return null;
  const id = modelIdFromSlugs(brand, model);
  return id.length > 0 ? id : null;
}

export function PrinterProductRoute() {
  const { type = '', brand, model } = useParams();
  const modelId = modelIdOfParams(brand, model);
  if (!isPrinterType(type) || !modelId) return <NotFoundPage />;
  const info = PRINTER_TYPE_LABELS[type];
  return (
    <ProductPageFor
      loadKey={`printer:${type}:${modelId}`}
      load={(signal) => fetchProduct(modelId, signal)}
      check={(product) => {
        const category = String(product.productCategory);
        return categoryAllowedForType(type, category, product.productSpecification) ? null : mismatch(category, allowedCategoriesFor(type));
      }}
      crumbs={() => [HOME, { label: 'Printers', to: '/printers' }, { label: info.crumb, to: `/printers/${type}` }]}
    />
  );
}

const SCANNER_CLASS_OF_CATEGORY: Record<string, ScannerClassSegment> = {
  'personal-scanners': 'personal',
  'desktop-workgroup-scanners': 'workgroup',
  'departmental-scanners': 'departmental',
  'production-scanners': 'production',
  'production-scanner': 'production',
};

export function ScannerProductRoute() {
  const { type, brand, model } = useParams();
  const modelId = modelIdOfParams(brand, model);
  if ((type !== undefined && !(SCANNER_TYPES as readonly string[]).includes(type)) || !modelId) return <NotFoundPage />;
  return (
    <ProductPageFor
      loadKey={`scanner:${type ?? ''}:${modelId}`}
      load={(signal) => fetchScanner(modelId, signal)}
      check={(product) => {
        const category = String(product.productCategory);
        return isScannerCategory(category) ? null : mismatch(category, SCANNER_CATEGORIES);
      }}
      crumbs={(product) => {
        const segment = SCANNER_CLASS_OF_CATEGORY[String(product.productCategory)];
        const crumbs: Crumb[] = [HOME, { label: 'Scanners', to: '/scanners' }];
        if (segment) crumbs.push({ label: SCANNER_CLASS_HEADINGS[segment], to: `/scanners/${segment}` });
        return crumbs;
      }}
    />
  );
}

export function FinisherProductRoute() {
  const { brand, model } = useParams();
  const modelId = modelIdOfParams(brand, model);
  if (!modelId) return <NotFoundPage />;
  return (
    <ProductPageFor
      loadKey={`finisher:${modelId}`}
      load={(signal) => fetchProduct(modelId, signal)}
      check={(product) => {
        const category = String(product.productCategory);
        return category === 'finisher' ? null : mismatch(category, ['finisher']);
      }}
      crumbs={(product) => {
        const crumbs: Crumb[] = [HOME, { label: 'Finishers', to: '/finishers' }];
        const spec = product.productSpecification ?? '';
        if (isFinisherCategory(spec)) crumbs.push({ label: FINISHER_CATEGORY_HEADINGS[spec], to: `/finishers/${spec}` });
        return crumbs;
      }}
    />
  );
}
