import { INLINE_REMOTES_ID } from '@copytech/shared';
import { REMOTES_BLOCK_ID, START_AT_THE_LATEST_MS, remoteEntriesOnPage, whenToStart } from './startup';

const REMOTES = { remotes: { catalogue: '/remotes/catalogue/remoteEntry.js', content: '/remotes/content/remoteEntry.js', checker: 'https://cdn.example/checker/mf-manifest.json', basket: '/remotes/basket/remoteEntry.js' }, timeoutMs: 8000 };

function page(body: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = `<script type="application/json" id="${REMOTES_BLOCK_ID}">${JSON.stringify(REMOTES)}</script>`;
  doc.body.innerHTML = `<div id="root">${body}</div>`;
  return doc;
}

/** A window whose load, frames and timers the test drives. */
function fakeWindow() {
  const listeners: Array<() => void> = [];
  const frames: Array<() => void> = [];
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  const win = {
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (run: () => void, ms: number) => (timers.set(next, { run, ms }), next++),
    clearTimeout: (id: number) => timers.delete(id),
  } as unknown as Window;
  return {
    win,
    load: () => listeners.splice(0).forEach((listener) => listener()),
    frame: () => frames.splice(0).forEach((callback) => callback()),
    runTimers: (atMost: number) => [...timers].filter(([, t]) => t.ms <= atMost).forEach(([id, t]) => (timers.delete(id), t.run())),
  };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('when the shell starts', () => {
  it('reads the remotes block the server writes (the same id as the federation registry)', () => {
    expect(REMOTES_BLOCK_ID).toBe(INLINE_REMOTES_ID);
  });

  it('starts at once on an empty page (rendered in the browser), preloading nothing', async () => {
    const doc = page('');
    const { win } = fakeWindow();
    expect(await settled(whenToStart(doc, win))).toBe(true);
    expect(doc.querySelectorAll('link[rel=preload]')).toHaveLength(0);
  });

  it('on a server-rendered page, waits for the load and a painted frame, then preloads the entries of the remotes on the page', async () => {
    const doc = page('<header></header><div data-remote="catalogue"><h1>List</h1></div><div data-remote="checker"></div>');
    Object.defineProperty(doc, 'readyState', { value: 'interactive' });
    const driver = fakeWindow();
    const started = whenToStart(doc, driver.win);
    expect(await settled(started)).toBe(false);
    driver.load();
    expect(await settled(started)).toBe(false); // the frame has not been painted yet
    driver.frame();
    driver.runTimers(0);
    expect(await settled(started)).toBe(true);
    // The checker is on another origin (its manifest): left to the federation runtime.
    expect(Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=script]'), (l) => l.getAttribute('href'))).toEqual(['/remotes/catalogue/remoteEntry.js']);
  });

  it('starts after a bounded wait when the load never ends (an image that hangs)', async () => {
    const doc = page('<div data-remote="content"></div>');
    Object.defineProperty(doc, 'readyState', { value: 'interactive' });
    const driver = fakeWindow();
    const started = whenToStart(doc, driver.win);
    driver.runTimers(START_AT_THE_LATEST_MS - 1);
    expect(await settled(started)).toBe(false);
    driver.runTimers(START_AT_THE_LATEST_MS);
    expect(await settled(started)).toBe(true);
    expect(doc.querySelectorAll('link[rel=preload]')).toHaveLength(1);
  });

  it('ignores a malformed remotes block', () => {
    const doc = page('<div data-remote="content"></div>');
    doc.getElementById(REMOTES_BLOCK_ID)!.textContent = '{ not json';
    expect(remoteEntriesOnPage(doc)).toEqual([]);
  });
});
