/**
 * The catalogue's routes. The shell mounts this once per section it hands over (SPEC.md
 * section 2): /printers/*, /scanners/*, /finishers/*, and the landing pages /photocopiers,
 * /commercial-printers and /office-printers. Paths below are relative to the section. Every path
 * the catalogue does not have is the shared Not Found page.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, type CatalogueRoutesProps } from '@copytech/shared';
import styles from './CatalogueRoutes.module.css';

// Lists and product pages are separate chunks: a visitor downloads the one kind of page they
// opened, and the other at idle (prefetch) for the likely next click.
const loadListRoutes = () => import(/* webpackChunkName: "product-list", webpackPrefetch: true */ '../lists/ListRoutes');
const LandingList = lazy(() => loadListRoutes().then((m) => ({ default: m.LandingList })));
const AllPrintersList = lazy(() => loadListRoutes().then((m) => ({ default: m.AllPrintersList })));
const PrinterList = lazy(() => loadListRoutes().then((m) => ({ default: m.PrinterList })));
const ScannerList = lazy(() => loadListRoutes().then((m) => ({ default: m.ScannerList })));
const FinisherList = lazy(() => loadListRoutes().then((m) => ({ default: m.FinisherList })));

const loadProductRoutes = () => import(/* webpackChunkName: "product-page", webpackPrefetch: true */ '../product/ProductRoutes');
const PrinterProductRoute = lazy(() => loadProductRoutes().then((m) => ({ default: m.PrinterProductRoute })));
const ScannerProductRoute = lazy(() => loadProductRoutes().then((m) => ({ default: m.ScannerProductRoute })));
const FinisherProductRoute = lazy(() => loadProductRoutes().then((m) => ({ default: m.FinisherProductRoute })));

/** Holds the page's place, and tells a screen reader what is coming, while its chunk loads. */
function Pending({ what, children }: { what: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className={styles.pending} aria-busy="true">
          <p role="status" className="visually-hidden">
            Loading {what}…
          </p>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

const list = (page: ReactNode) => <Pending what="products">{page}</Pending>;
const product = (page: ReactNode) => <Pending what="product">{page}</Pending>;

export default function CatalogueRoutes({ section }: CatalogueRoutesProps) {
  switch (section) {
    case 'photocopiers':
    case 'commercial-printers':
    case 'office-printers':
      return list(<LandingList section={section} />);
    case 'printers':
      return (
        <Routes>
          <Route index element={list(<AllPrintersList />)} />
          <Route path=":type" element={list(<PrinterList />)} />
          <Route path=":type/:subcategory" element={list(<PrinterList />)} />
          <Route path=":type/:brand/:model" element={product(<PrinterProductRoute />)} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'scanners':
      return (
        <Routes>
          <Route index element={list(<ScannerList />)} />
          <Route path=":segment" element={list(<ScannerList />)} />
          <Route path=":brand/:model" element={product(<ScannerProductRoute />)} />
          <Route path=":type/:brand/:model" element={product(<ScannerProductRoute />)} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'finishers':
      return (
        <Routes>
          <Route index element={list(<FinisherList />)} />
          <Route path=":segment" element={list(<FinisherList />)} />
          <Route path=":brand/:model" element={product(<FinisherProductRoute />)} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    default:
      return <NotFoundPage />;
  }
}
