/**
 * The catalogue's routes. The shell mounts this once per section it hands over (SPEC.md
 * section 2): /printers/*, /scanners/*, /finishers/*, and the landing pages /photocopiers,
 * /commercial-printers and /office-printers. Paths below are relative to the section. Every path
 * the catalogue does not have is the shared Not Found page.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { NotFoundPage, type CatalogueRoutesProps } from '@copytech/shared';
import { allPrintersList, finisherListFor, LANDING_PAGES, printerListFor, scannerListFor, type ListDefinition } from '../lists/listDefinitions';
import { ProductListPage } from '../lists/ProductListPage';
import styles from './CatalogueRoutes.module.css';

const loadProductRoutes = () => import(/* webpackChunkName: "product-page", webpackPrefetch: true */ '../product/ProductRoutes');
const PrinterProductRoute = lazy(() => loadProductRoutes().then((m) => ({ default: m.PrinterProductRoute })));
const ScannerProductRoute = lazy(() => loadProductRoutes().then((m) => ({ default: m.ScannerProductRoute })));
const FinisherProductRoute = lazy(() => loadProductRoutes().then((m) => ({ default: m.FinisherProductRoute })));

function ProductSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className={styles.pending} aria-busy="true">
          <p role="status" className="visually-hidden">
            Loading product…
          </p>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** A list page by its definition; the key makes a new list start fresh (filters, focus, paging). */
function ListRoute({ definition }: { definition: ListDefinition | null }) {
  if (!definition) return <NotFoundPage />;
  return <ProductListPage key={definition.path} definition={definition} />;
}

function PrinterTypeList() {
  const { type = '' } = useParams();
  return <ListRoute definition={printerListFor(type)} />;
}
function PrinterSubcategoryList() {
  const { type = '', subcategory = '' } = useParams();
  return <ListRoute definition={printerListFor(type, subcategory)} />;
}
function ScannerClassList() {
  const { segment = '' } = useParams();
  return <ListRoute definition={scannerListFor(segment)} />;
}
function FinisherCategoryList() {
  const { segment = '' } = useParams();
  return <ListRoute definition={finisherListFor(segment)} />;
}

export default function CatalogueRoutes({ section }: CatalogueRoutesProps) {
  switch (section) {
    case 'photocopiers':
    case 'commercial-printers':
    case 'office-printers':
      return <ListRoute definition={LANDING_PAGES[section]} />;
    case 'printers':
      return (
        <Routes>
          <Route index element={<ListRoute definition={allPrintersList()} />} />
          <Route path=":type" element={<PrinterTypeList />} />
          <Route path=":type/:subcategory" element={<PrinterSubcategoryList />} />
          <Route
            path=":type/:brand/:model"
            element={
              <ProductSuspense>
                <PrinterProductRoute />
              </ProductSuspense>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'scanners':
      return (
        <Routes>
          <Route index element={<ListRoute definition={scannerListFor()} />} />
          <Route path=":segment" element={<ScannerClassList />} />
          <Route
            path=":brand/:model"
            element={
              <ProductSuspense>
                <ScannerProductRoute />
              </ProductSuspense>
            }
          />
          <Route
            path=":type/:brand/:model"
            element={
              <ProductSuspense>
                <ScannerProductRoute />
              </ProductSuspense>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'finishers':
      return (
        <Routes>
          <Route index element={<ListRoute definition={finisherListFor()} />} />
          <Route path=":segment" element={<FinisherCategoryList />} />
          <Route
            path=":brand/:model"
            element={
              <ProductSuspense>
                <FinisherProductRoute />
              </ProductSuspense>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    default:
      return <NotFoundPage />;
  }
}
