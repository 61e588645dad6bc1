/** Standalone host page of the basket remote: runs it alone for QA and for the team's own tests. */
import '@copytech/shared/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { startFederation } from '@copytech/shared';
import { StandaloneApp } from './StandaloneApp';

startFederation().catch(() => undefined);
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneApp />
    </BrowserRouter>
  </StrictMode>,
);
