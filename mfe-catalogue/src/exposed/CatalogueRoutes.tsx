import { Route, Routes, useParams } from 'react-router-dom';
import { NotFoundPage, type CatalogueRoutesProps } from '@copytech/shared';

function ListPage({ title }: { title: string }) {
  return <h1>{title}</h1>;
}
function TypeList() {
  const { type = '' } = useParams();
  return <ListPage title={`Printers: ${type}`} />;
}

export default function CatalogueRoutes({ section }: CatalogueRoutesProps) {
  if (section === 'photocopiers') return <ListPage title="Photocopiers" />;
  if (section === 'commercial-printers') return <ListPage title="Commercial printers" />;
  if (section === 'office-printers') return <ListPage title="Office printers" />;
  return (
    <Routes>
      <Route path=":type" element={<TypeList />} />
      <Route path="" element={<ListPage title={section} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
