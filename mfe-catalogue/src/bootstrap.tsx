/** Standalone host page of the catalogue remote: runs it alone for QA and for the team's own tests. */
import '@copytech/shared/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { startFederation } from '@copytech/shared';
import { StandaloneApp } from './StandaloneApp';

/** The production build is also served at /remotes/catalogue/ (the dev server serves it at /). */
const STANDALONE_BASE = '/remotes/catalogue';
const basename = window.location.pathname.startsWith(STANDALONE_BASE) ? STANDALONE_BASE : undefined;

startFederation().catch(() => undefined);
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename={basename}>
      <StandaloneApp />
    </BrowserRouter>
  </StrictMode>,
);
