/**
 * What the server renders for a URL (exposed by the shell's server build only; see
 * docs/architecture.md "How a page loads"). The server gives the URL, the request's own page data
 * and the loader of remotes' server builds; nothing here outlives the render.
 */
import { MemoryRouter, useLocation } from 'react-router-dom';
import { usePageProblem, type PageData, type ServerRemotes } from '@copytech/shared';
import { Root } from '../Root';
import { SiteRoutes } from '../routes';
import styles from '../App.module.css';
import TroublePage from '../TroublePage';

/**
 * The page's main: the site's routes, or, when the server could not make the page because a
 * dependency is away (a 503, docs/product-rules.md "When something is wrong"), the trouble page in
 * its place, whoever's route it is. Only the server shows it: such a page is sent without the
 * browser's scripts (server/src/pages/stylesheets.ts asStaticPage), so the browser's build has no
 * trouble page to carry in every page's first load.
 */
export function ServerMain() {
  const { pathname } = useLocation();
  const problem = usePageProblem(pathname);
  if (problem?.status !== 503) return <SiteRoutes />;
  return (
    <section className={styles.trouble}>
      <TroublePage reference={problem.reference} path={problem.path} />
    </section>
  );
}

export interface ServerAppProps {
  /** path and query, e.g. '/printers/a3-printers?brand=Canon' */
  url: string;
  data: PageData;
  remotes: ServerRemotes;
}

export default function ServerApp({ url, data, remotes }: ServerAppProps) {
  return (
    <Root data={data} remotes={remotes} main={<ServerMain />} router={(app) => <MemoryRouter initialEntries={[url]}>{app}</MemoryRouter>} />
  );
}
