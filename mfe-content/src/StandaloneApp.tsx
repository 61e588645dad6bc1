import { useLocation } from 'react-router-dom';
import { StandaloneFrame } from '@copytech/shared';
import ContentPage from './exposed/ContentPage';

export function StandaloneApp() {
  const slug = useLocation().pathname.replace(/^\/+|\/+$/g, '') || 'home';
  return (
    <StandaloneFrame remote="content">
      <ContentPage slug={slug} />
    </StandaloneFrame>
  );
}
