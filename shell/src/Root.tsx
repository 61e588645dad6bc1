/**
 * The shell's React tree, the same in the browser and on the server (so hydration matches): the
 * page's data (what the server rendered with), how remotes load on the server, the router, the
 * page frame. Only the router differs: the browser's follows the address bar, the server's is the
 * requested URL.
 */
import { StrictMode, type ReactNode } from 'react';
import { PageDataProvider, ServerRemotesProvider, type PageData, type ServerRemotes } from '@copytech/shared';
import { App } from './App';

export interface RootProps {
  data: PageData | null;
  remotes: ServerRemotes | null;
  router: (app: ReactNode) => ReactNode;
}

export function Root({ data, remotes, router }: RootProps) {
  return (
    <StrictMode>
      <PageDataProvider data={data}>
        <ServerRemotesProvider remotes={remotes}>{router(<App />)}</ServerRemotesProvider>
      </PageDataProvider>
    </StrictMode>
  );
}
