/**
 * The catalogue's list and landing pages, by route (SPEC.md section 2). Loaded on demand by
 * CatalogueRoutes, so a visitor who lands on a product page does not download the lists' filters
 * and definitions. A segment with no definition is the shared Not Found page.
 */
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '@copytech/shared';
import { allPrintersList, finisherListFor, LANDING_PAGES, printerListFor, scannerListFor, type ListDefinition } from '@copytech/shared/domain';
import { ProductListPage } from './ProductListPage';

export type LandingSection = keyof typeof LANDING_PAGES;

/** A list page by its definition; the key makes a new list start fresh (filters, focus, paging). */
function ListPage({ definition }: { definition: ListDefinition | null }) {
  if (!definition) return <NotFoundPage />;
  return <ProductListPage key={definition.path} definition={definition} />;
}

export function LandingList({ section }: { section: LandingSection }) {
  return <ListPage definition={LANDING_PAGES[section]} />;
}

/** /printers */
export function AllPrintersList() {
  return <ListPage definition={allPrintersList()} />;
}

/** /printers/{type} and /printers/{type}/{subcategory} */
export function PrinterList() {
  const { type = '', subcategory } = useParams();
  return <ListPage definition={printerListFor(type, subcategory)} />;
}

/** /scanners and /scanners/{class} */
export function ScannerList() {
  const { segment } = useParams();
  return <ListPage definition={scannerListFor(segment)} />;
}

/** /finishers and /finishers/{category} */
export function FinisherList() {
  const { segment } = useParams();
  return <ListPage definition={finisherListFor(segment)} />;
}
