import { whenToStart } from './startup';

// The async boundary: the shared packages are negotiated before bootstrap runs. A page the server
// rendered starts it once the page has loaded and painted (startup.ts).
whenToStart().then(() => import('./bootstrap'));
