/**
 * The shell's start-up, behind the async boundary of index.ts so the shared singletons are
 * negotiated before any of them runs. The shell never waits for a remote before mounting:
 * /remotes.json is fetched in parallel, and each slot loads its remote when it is needed.
 */
import '@copytech/shared/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { captureFirstTouch, startFederation } from '@copytech/shared';
import { App } from './App';
import { startConsentedTracking } from './tracking';

captureFirstTouch(window.location.search);
startFederation().catch((error: Error) => console.error('[shell] remotes manifest unavailable:', error.message));
startConsentedTracking();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
