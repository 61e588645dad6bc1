/** Standalone host page of the catalogue remote: runs it alone for QA and for the team's own tests. */
import { mountStandalone } from '@copytech/shared/standalone';
import { StandaloneApp } from './StandaloneApp';

// The production build is also served at /remotes/catalogue/ (the dev server serves it at /).
mountStandalone(StandaloneApp, { base: '/remotes/catalogue' });
