import { Link, Route, Routes } from 'react-router-dom';
import { StandaloneFrame } from '@copytech/shared';
import CatalogueRoutes from './exposed/CatalogueRoutes';

export function StandaloneApp() {
  return (
    <StandaloneFrame remote="catalogue" nav={<Link to="/printers/multifunctionals">Multifunctionals</Link>}>
      <Routes>
        <Route path="/printers/*" element={<CatalogueRoutes section="printers" />} />
        <Route path="/scanners/*" element={<CatalogueRoutes section="scanners" />} />
        <Route path="/finishers/*" element={<CatalogueRoutes section="finishers" />} />
        <Route path="/photocopiers" element={<CatalogueRoutes section="photocopiers" />} />
        <Route path="/commercial-printers" element={<CatalogueRoutes section="commercial-printers" />} />
        <Route path="/office-printers" element={<CatalogueRoutes section="office-printers" />} />
        <Route path="*" element={<CatalogueRoutes section="printers" />} />
      </Routes>
    </StandaloneFrame>
  );
}
