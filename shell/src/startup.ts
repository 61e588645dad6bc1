/**
 * When the shell's code starts (docs/architecture.md "How a page loads"). This runs in the entry
 * chunk, before the shared packages are negotiated, so it imports nothing.
 *
 * A page the server rendered can be read before any script runs. Its scripts wait until the page
 * has loaded (its stylesheets and the images it shows) and painted once. On a slow connection
 * they would otherwise share the bandwidth and the browser's six connections with what the
 * visitor sees first. Measured with Lighthouse (mobile) on a product page: LCP 2.2 s with the
 * scripts fetched at once, 1.2 s with them fetched after the paint.
 *
 * An empty page (the browser renders it: no server rendering, or it failed) starts at once.
 */

/**
 * A load that never ends (an image that hangs) must not keep the page from working: the scripts
 * start after this long at the latest.
 */
export const START_AT_THE_LATEST_MS = 4000;

export function serverRendered(doc: Document): boolean {
  return Boolean(doc.getElementById('root')?.hasChildNodes());
}

/** Resolves when the shell's code may start on this page (see above). */
export function whenToStart(doc: Document = document, win: Window = window): Promise<void> {
  if (!serverRendered(doc)) return Promise.resolve();
  return new Promise((resolve) => {
    // After the next frame has been painted (a frame callback runs before the paint, a task queued
    // from it after), or at the latest after START_AT_THE_LATEST_MS; whichever comes second is a no-op.
    const afterPaint = () => win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
    win.setTimeout(resolve, START_AT_THE_LATEST_MS);
    if (doc.readyState === 'complete') afterPaint();
    else win.addEventListener('load', afterPaint, { once: true });
  });
}

/** Ends the current task: what follows runs in a new one, after the browser has had its turn. */
export function yieldToBrowser(win: Window = window): Promise<void> {
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
