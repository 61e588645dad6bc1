/**
 * The three kinds of product page. Loaded on demand, so a visitor browsing lists does not download
 * the product page. Which product a path names, and whether it may be shown there, are the site's
 * route rules (resolveSiteRoute, productTypeExists, productRouteProblem in @copytech/shared/domain),
 * the same the server answers the page's status with:
 *
 *   /printers/{type}/{brand}/{model}        type in PRINTER_TYPES; category allowed for the type
 *   /scanners/{brand}/{model}               a scanner category
 *   /scanners/{type}/{brand}/{model}        type in SCANNER_TYPES (e.g. production); a scanner category
 *   /finishers/{brand}/{model}              category finisher
 *
 * and in every case the product must be active. Anything else is the shared Not Found page.
 */
import { NotFoundPage } from '@copytech/shared';
import {
  API_PATHS,
  FINISHER_CATEGORY_HEADINGS,
  HOME_CRUMB,
  PRINTER_TYPE_LABELS,
  SCANNER_CLASS_HEADINGS,
  isFinisherCategory,
  isPrinterType,
  productRouteProblem,
  productTypeExists,
  type Crumb,
  type Product,
  type ScannerClassSegment,
  type SiteRoute,
} from '@copytech/shared/domain';
import { fetchProduct, fetchScanner } from '../api/catalogueApi';
import { ProductPage, ProductPageSkeleton } from './ProductPage';
import { useProductLoader } from './useProductLoader';

type ProductRoute = Extract<SiteRoute, { kind: 'product' }>;

function ProductPageFor({
  route,
  load,
  crumbs,
}: {
  route: ProductRoute;
  load: (signal: AbortSignal) => Promise<Product>;
  crumbs: (product: Product) => Crumb[];
}) {
  const url = route.section === 'scanners' ? API_PATHS.scanner(route.modelId) : API_PATHS.product(route.modelId);
  const state = useProductLoader(
    load,
    (product) => productRouteProblem(route, product),
    `${route.section}:${route.type ?? ''}:${route.modelId}`,
    url,
  );
  if (state.status === 'loading') return <ProductPageSkeleton />;
  if (state.status === 'not-found') return <NotFoundPage />;
  return <ProductPage key={state.product.modelId} product={state.product} crumbs={crumbs(state.product)} />;
}

function PrinterProductRoute({ route }: { route: ProductRoute }) {
  if (!isPrinterType(route.type!)) return <NotFoundPage />;
  const info = PRINTER_TYPE_LABELS[route.type];
  return (
    <ProductPageFor
      route={route}
      load={(signal) => fetchProduct(route.modelId, signal)}
      crumbs={() => [HOME_CRUMB, { label: 'Printers', to: '/printers' }, { label: info.crumb, to: `/printers/${route.type}` }]}
    />
  );
}

const SCANNER_CLASS_OF_CATEGORY: Readonly<Record<string, ScannerClassSegment>> = {
  'personal-scanners': 'personal',
  'desktop-workgroup-scanners': 'workgroup',
  'departmental-scanners': 'departmental',
  'production-scanners': 'production',
  'production-scanner': 'production',
};

function ScannerProductRoute({ route }: { route: ProductRoute }) {
  return (
    <ProductPageFor
      route={route}
      load={(signal) => fetchScanner(route.modelId, signal)}
      crumbs={(product) => {
        const category = String(product.productCategory);
        const segment = Object.hasOwn(SCANNER_CLASS_OF_CATEGORY, category) ? SCANNER_CLASS_OF_CATEGORY[category] : undefined;
        const crumbs: Crumb[] = [HOME_CRUMB, { label: 'Scanners', to: '/scanners' }];
        if (segment) crumbs.push({ label: SCANNER_CLASS_HEADINGS[segment], to: `/scanners/${segment}` });
        return crumbs;
      }}
    />
  );
}

function FinisherProductRoute({ route }: { route: ProductRoute }) {
  return (
    <ProductPageFor
      route={route}
      load={(signal) => fetchProduct(route.modelId, signal)}
      crumbs={(product) => {
        const crumbs: Crumb[] = [HOME_CRUMB, { label: 'Finishers', to: '/finishers' }];
        const spec = product.productSpecification ?? '';
        if (isFinisherCategory(spec)) crumbs.push({ label: FINISHER_CATEGORY_HEADINGS[spec], to: `/finishers/${spec}` });
        return crumbs;
      }}
    />
  );
}

/** The product page a path names (matchSitePath), or Not Found when its type segment does not exist. */
export function ProductRoute({ route }: { route: ProductRoute }) {
  if (!productTypeExists(route)) return <NotFoundPage />;
  if (route.section === 'printers') return <PrinterProductRoute route={route} />;
  if (route.section === 'scanners') return <ScannerProductRoute route={route} />;
  return <FinisherProductRoute route={route} />;
}
