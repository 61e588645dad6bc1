/**
 * What the browser bundles share under the key 'react-router-dom' (see createAppConfig.cjs).
 *
 * A shared module cannot be tree-shaken: each consumer may use any export, so webpack ships the
 * whole package, and react-router-dom 7 re-exports all of react-router (data routers, SSR,
 * framework mode): about 62 KB gzip on every page. The apps use a handful of its exports, so the
 * share key is provided by this facade instead, and webpack tree-shakes react-router behind it.
 * It is still one singleton, at react-router-dom's version. A test (routerFacade.test.ts) fails
 * when app code imports something from 'react-router-dom' that this file does not export.
 *
 * A name leaves this list only when no remote that may still be deployed imports it: Routes, Route
 * and useParams stay for catalogue builds from before the site's one route table (they matched
 * their paths with them); names no app ever imported are not here.
 */
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, NavigateOptions, To, SetURLSearchParams, Params, NavLinkProps, LinkProps } from 'react-router';
