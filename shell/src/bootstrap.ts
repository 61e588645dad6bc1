/**
 * The shell's start-up, behind the async boundary of index.ts so the shared singletons are
 * negotiated before any of them runs.
 *
 * The code is evaluated in three tasks, the browser free in between: the React libraries, then
 * @copytech/shared with mobx and the router, then the shell's own code, which hydrates the page
 * (startShell.tsx). In one task the evaluation held the main thread for about 33 ms on a fast
 * desktop, four to six times that on a phone: a page that does not answer a tap for that long,
 * and Lighthouse's Total Blocking Time. The imports are eager: no more files, the same chunks.
 */
import { yieldToBrowser } from './startup';

export async function bootstrap(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ '@copytech/shared');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './startShell');
}

void bootstrap();
