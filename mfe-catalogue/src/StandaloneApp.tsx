/** The catalogue alone (QA, the team's own tests): its routes as the shell mounts them, and a nav of the lists. */
import { Link, Route, Routes } from 'react-router-dom';
import { NotFoundPage, StandaloneFrame } from '@copytech/shared';
import CatalogueRoutes from './exposed/CatalogueRoutes';
import FeaturedProducts from './exposed/FeaturedProducts';
import styles from './StandaloneApp.module.css';

const LINKS: Array<[string, string]> = [
  ['/', 'Featured'],
  ['/printers', 'All printers'],
  ['/printers/multifunctionals', 'Multifunctionals'],
  ['/printers/multifunctionals/a3-colour', 'A3 colour'],
  ['/printers/print-only', 'Print-only'],
  ['/printers/production', 'Production'],
  ['/printers/plotters', 'Plotters'],
  ['/scanners', 'Scanners'],
  ['/scanners/production', 'Production scanners'],
  ['/finishers', 'Finishers'],
  ['/photocopiers', 'Photocopiers'],
  ['/commercial-printers', 'Commercial printers'],
  ['/office-printers', 'Office printers'],
  ['/search?q=bizhub', 'Search'],
];

export function StandaloneApp() {
  return (
    <StandaloneFrame
      remote="catalogue"
      nav={
        <ul className={styles.nav}>
          {LINKS.map(([to, label]) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </ul>
      }
    >
      <Routes>
        <Route
          path="/"
          element={
            <div className={styles.home}>
              <h1>Catalogue (standalone)</h1>
              <FeaturedProducts heading="Featured printers" limit={4} />
            </div>
          }
        />
        <Route path="/printers/*" element={<CatalogueRoutes section="printers" />} />
        <Route path="/scanners/*" element={<CatalogueRoutes section="scanners" />} />
        <Route path="/finishers/*" element={<CatalogueRoutes section="finishers" />} />
        <Route path="/photocopiers" element={<CatalogueRoutes section="photocopiers" />} />
        <Route path="/commercial-printers" element={<CatalogueRoutes section="commercial-printers" />} />
        <Route path="/office-printers" element={<CatalogueRoutes section="office-printers" />} />
        <Route path="/search" element={<CatalogueRoutes section="search" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </StandaloneFrame>
  );
}
