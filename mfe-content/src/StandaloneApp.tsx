/**
 * The content remote on its own (QA and the team's tests): every CMS page through a picker, with
 * no shell. The page to show comes from the address (/contact-us, /services/print-audit) or, where
 * only the remote's own folder is served (/remotes/content/), from ?page=/services/print-audit.
 */
import { useEffect, useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { StandaloneFrame } from '@copytech/shared';
import ContentPage from './exposed/ContentPage';
import { allContentRoutes, contentRouteOf } from './links/contentRoutes';
import { prefetchPage } from './pages/pageCache';

/** The pages QA can pick, in review order. */
const CONTENT_ROUTES = allContentRoutes();

/** Where the standalone page itself lives (the remote's folder in production, / in development). */
export const STANDALONE_BASE = '/remotes/content';

export function pagePathOf(pathname: string, search: string): string {
  const fromQuery = new URLSearchParams(search).get('page');
  if (fromQuery) return fromQuery;
  const inside = pathname.startsWith(STANDALONE_BASE) ? pathname.slice(STANDALONE_BASE.length) : pathname;
  return inside.replace(/\/index\.html$/, '') || '/';
}

function PagePicker({ current }: { current: string }) {
  const navigate = useNavigate();
  const base = standaloneBaseOf(useLocation().pathname);
  const id = useId();
  return (
    <span style={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
      <label htmlFor={id}>Page to review</label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const route = CONTENT_ROUTES.find((entry) => entry.path === event.target.value);
          if (route) prefetchPage(route.slug);
          navigate(`${base}?page=${encodeURIComponent(event.target.value)}`);
        }}
      >
        {CONTENT_ROUTES.map((route) => (
          <option key={route.path} value={route.path}>
            {route.label} ({route.slug})
          </option>
        ))}
        {CONTENT_ROUTES.some((route) => route.path === current) ? null : <option value={current}>Other: {current}</option>}
      </select>
    </span>
  );
}

/** The standalone page's own address: the remote's folder in production, / in development. */
export function standaloneBaseOf(pathname: string): string {
  return pathname.startsWith(STANDALONE_BASE) ? `${STANDALONE_BASE}/` : '/';
}

export function StandaloneApp() {
  const location = useLocation();
  const navigate = useNavigate();
  const path = pagePathOf(location.pathname, location.search);
  const route = contentRouteOf(path);
  const base = standaloneBaseOf(location.pathname);

  // A link inside a page (/services/papercut) is kept as ?page=, so the address still loads the
  // standalone page when reloaded or shared (only its own folder is served).
  useEffect(() => {
    if (location.pathname !== base && location.pathname !== `${base}index.html`) {
      navigate(`${base}?page=${encodeURIComponent(path)}${location.hash}`, { replace: true });
    }
  }, [location.pathname, location.hash, base, path, navigate]);

  return (
    <StandaloneFrame remote="content" nav={<PagePicker current={path} />}>
      {route ? (
        <ContentPage key={`${route.kind}:${route.slug}`} slug={route.slug} kind={route.kind} />
      ) : (
        <ContentPage key={`page:${path}`} slug={path.replace(/^\/+|\/+$/g, '')} kind="page" />
      )}
    </StandaloneFrame>
  );
}
