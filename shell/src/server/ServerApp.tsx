/**
 * What the server renders for a URL (exposed by the shell's server build only; see
 * docs/architecture.md "How a page loads"). The server gives the URL, the request's own page data
 * and the loader of remotes' server builds; nothing here outlives the render.
 */
import { MemoryRouter } from 'react-router-dom';
import type { PageData, ServerRemotes } from '@copytech/shared';
import { Root } from '../Root';

export interface ServerAppProps {
  /** path and query, e.g. '/printers/a3-printers?brand=Canon' */
  url: string;
  data: PageData;
  remotes: ServerRemotes;
}

export default function ServerApp({ url, data, remotes }: ServerAppProps) {
  return <Root data={data} remotes={remotes} router={(app) => <MemoryRouter initialEntries={[url]}>{app}</MemoryRouter>} />;
}
