/**
 * The route table of SPEC.md section 2. The shell owns the first segment of every path and maps
 * it to the room that owns the rest; each remote decides its own sub-paths and its own Not Found.
 */
import { Route, Routes, useParams } from 'react-router-dom';
import { NotFoundPage, RemoteSlot, type CatalogueSection } from '@copytech/shared';

function Content({ slug, kind = 'page' }: { slug: string; kind?: 'page' | 'service' }) {
  return <RemoteSlot key={`${kind}:${slug}`} id="content/ContentPage" props={{ slug, kind }} label="This page" />;
}

function ServicePage() {
  const { slug = '' } = useParams();
  return <Content slug={slug} kind="service" />;
}

function Catalogue({ section }: { section: CatalogueSection }) {
  return <RemoteSlot id="catalogue/CatalogueRoutes" props={{ section }} label="The product catalogue" />;
}

export const CATALOGUE_SECTIONS: ReadonlyArray<{ path: string; section: CatalogueSection }> = [
  { path: '/printers/*', section: 'printers' },
  { path: '/scanners/*', section: 'scanners' },
  { path: '/finishers/*', section: 'finishers' },
  { path: '/photocopiers', section: 'photocopiers' },
  { path: '/commercial-printers', section: 'commercial-printers' },
  { path: '/office-printers', section: 'office-printers' },
];

export function SiteRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Content slug="home" />} />
      <Route path="/contact-us" element={<Content slug="contact-us" />} />
      <Route path="/customer-support" element={<Content slug="customer-support" />} />
      <Route path="/services/:slug" element={<ServicePage />} />
      <Route
        path="/discover-print-savings"
        element={<RemoteSlot id="checker/SavingsChecker" props={{}} label="The print savings checker" />}
      />
      {CATALOGUE_SECTIONS.map(({ path, section }) => (
        <Route key={section} path={path} element={<Catalogue section={section} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
