/** Standalone host page of the content remote: runs it alone for QA and for the team's own tests. */
import { mountStandalone } from '@copytech/shared/standalone';
import { StandaloneApp } from './StandaloneApp';

mountStandalone(StandaloneApp);
