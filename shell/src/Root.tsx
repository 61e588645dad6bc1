/**
 * The shell's React tree, the same in the browser and on the server (so hydration matches): the
 * page's data (what the server rendered with), how remotes load on the server, the router, the
 * page frame. Only the router differs: the browser's follows the address bar, the server's is the
 * requested URL.
 */
import { StrictMode, useEffect, type ReactNode } from 'react';
import { PageDataProvider, ServerRemotesProvider, type PageData, type ServerRemotes } from '@copytech/shared';
import { App } from './App';

export interface RootProps {
  data: PageData | null;
  remotes: ServerRemotes | null;
  router: (app: ReactNode) => ReactNode;
  /** in place of the site's routes (the server's trouble page) */
  main?: ReactNode;
}

/** Marks the document once the shell is live in the browser (hydrated or rendered): tests wait for it. */
function ShellLive() {
  useEffect(() => document.documentElement.setAttribute('data-shell-live', ''), []);
  return null;
}

export function Root({ data, remotes, router, main }: RootProps) {
  return (
    <StrictMode>
      <PageDataProvider data={data}>
        <ServerRemotesProvider remotes={remotes}>{router(<App main={main} />)}</ServerRemotesProvider>
        <ShellLive />
      </PageDataProvider>
    </StrictMode>
  );
}
