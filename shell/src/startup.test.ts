import { START_AT_THE_LATEST_MS, whenToStart } from './startup';

function page(body: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
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
  it('starts at once on an empty page (rendered in the browser)', async () => {
    const { win } = fakeWindow();
    expect(await settled(whenToStart(page(''), win))).toBe(true);
  });

  it('on a server-rendered page, waits for the load and a painted frame', async () => {
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
  });

  it('on a page already loaded, waits for a painted frame only', async () => {
    const doc = page('<main></main>');
    Object.defineProperty(doc, 'readyState', { value: 'complete' });
    const driver = fakeWindow();
    const started = whenToStart(doc, driver.win);
    expect(await settled(started)).toBe(false);
    driver.frame();
    driver.runTimers(0);
    expect(await settled(started)).toBe(true);
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
  });
});
