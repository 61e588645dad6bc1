/** Test helpers: render inside a router, see the current location, and reset the shared stores. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { BrowserRouter, MemoryRouter, useLocation } from 'react-router-dom';
import { basketStore, uiStore } from '@copytech/shared';

/**
 * Render inside a router at `path`. 'browser' uses the real (jsdom) history and location, as the
 * shell does, for behaviour that reads window.location or listens to popstate.
 */
export function renderInShell(ui: ReactElement, { path = '/', router = 'memory' }: { path?: string; router?: 'memory' | 'browser' } = {}) {
  if (router === 'browser') {
    window.history.replaceState(null, '', path);
    return render(<BrowserRouter>{ui}</BrowserRouter>);
  }
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

/** Shows the router's current path, so a test can see where a link took it. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

export function resetSharedStores(): void {
  uiStore.closeModal();
  uiStore.closeDrawer();
  basketStore.clear();
  window.localStorage.clear();
}
