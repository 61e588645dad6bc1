/**
 * '@copytech/shared/standalone': starts a remote's standalone page (QA, the team's own e2e; docs/adding-a-remote-or-page.md
 * "8. Standalone page for QA"). Bundled by each remote that uses it, not shared: only a standalone page needs it.
 * It reaches the federation through the package's name, so the page uses the one instance of @copytech/shared.
 */
import '@copytech/shared/tokens.css';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { startFederation } from '@copytech/shared';

export interface StandaloneOptions {
  /** Where the production build serves the page (`/remotes/<name>`); the router's base when the page is there. */
  base?: string;
}

/** Starts the federation and renders the remote's standalone app in #root, under a router. */
export function mountStandalone(App: ComponentType, { base }: StandaloneOptions = {}): void {
  startFederation().catch(() => undefined);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  const basename = base && window.location.pathname.startsWith(base) ? base : undefined;
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename={basename}>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}
