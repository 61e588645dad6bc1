/**
 * The shell's start-up, the last step of bootstrap.ts. The shell never waits for a remote before
 * mounting: /remotes.json is fetched in parallel, and each slot loads its remote when it is needed.
 */
import '@copytech/shared/tokens.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { readPageDataFromDocument, startFederation } from '@copytech/shared';
import { Root } from './Root';
import { startConsentedTracking } from './tracking';

startFederation().catch((error: Error) => console.error('[shell] remotes manifest unavailable:', error.message));
// Holds the landing page's campaign and applies the visitor's cookie choice (./tracking.ts).
startConsentedTracking();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A page the server rendered is hydrated with the data it was rendered with; an empty #root (the
// server could not render, or no server rendering, as under the dev servers) is rendered here.
const data = readPageDataFromDocument();
const tree = <Root data={data} remotes={null} router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;
if (root.hasChildNodes()) {
  // As a transition, hydration yields to the browser every few milliseconds (the page is already
  // painted and readable), rather than holding the main thread for the whole tree at once.
  startTransition(() => {
    hydrateRoot(root, tree, {
      // A slot the server left to the browser (its remote failed there) is rendered here: expected,
      // and said once. Anything else (a mismatch) is an error the tests fail on.
      onRecoverableError(error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/#419\b|Switched to client rendering|could not finish this Suspense boundary/i.test(message)) {
          console.info('[shell] a part of the page is rendered in the browser:', message.split('\n')[0]);
        } else {
          console.error('[shell] hydration:', message);
        }
      },
    });
  });
} else {
  createRoot(root).render(tree);
}
