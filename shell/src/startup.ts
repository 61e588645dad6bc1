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

/** The id of the JSON block with the remotes configuration (remoteRegistry's INLINE_REMOTES_ID). */
export const REMOTES_BLOCK_ID = 'copytech-remotes';

/**
 * A load that never ends (an image that hangs) must not keep the page from working: the scripts
 * start after this long at the latest.
 */
export const START_AT_THE_LATEST_MS = 4000;

export function serverRendered(doc: Document): boolean {
  return Boolean(doc.getElementById('root')?.hasChildNodes());
}

/**
 * The entry scripts of the remotes whose parts the server rendered on this page (`data-remote`),
 * from the page's remotes configuration: fetched together with the shell's own start-up chunks
 * rather than one round trip after them. A remote given by its manifest URL (another origin) is
 * left to the federation runtime.
 */
export function remoteEntriesOnPage(doc: Document): string[] {
  let remotes: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(doc.getElementById(REMOTES_BLOCK_ID)?.textContent || '{}');
    remotes = ((parsed as { remotes?: Record<string, unknown> }).remotes ?? {}) as Record<string, unknown>;
  } catch {
    return [];
  }
  const names = new Set(Array.from(doc.querySelectorAll<HTMLElement>('#root [data-remote]'), (element) => element.dataset.remote ?? ''));
  return [...names].map((name) => remotes[name]).filter((entry): entry is string => typeof entry === 'string' && /\.js(\?|$)/.test(entry));
}

function preloadScript(doc: Document, href: string): void {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'script');
  link.href = href;
  doc.head.appendChild(link);
}

/** Resolves when the shell's code may start on this page (see above). */
export function whenToStart(doc: Document = document, win: Window = window): Promise<void> {
  if (!serverRendered(doc)) return Promise.resolve();
  return new Promise((resolve) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      win.clearTimeout(latest);
      for (const entry of remoteEntriesOnPage(doc)) preloadScript(doc, entry);
      resolve();
    };
    // After the next frame has been painted: a frame callback runs before the paint, a task
    // queued from it after.
    const afterPaint = () => win.requestAnimationFrame(() => win.setTimeout(start, 0));
    const latest = win.setTimeout(start, START_AT_THE_LATEST_MS);
    if (doc.readyState === 'complete') afterPaint();
    else win.addEventListener('load', afterPaint, { once: true });
  });
}

/** Ends the current task: what follows runs in a new one, after the browser has had its turn. */
export function yieldToBrowser(win: Window = window): Promise<void> {
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
