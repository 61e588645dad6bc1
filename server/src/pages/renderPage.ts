/**
 * Renders a page's body on the server (docs/architecture.md "How a page loads"): the shell's
 * ServerApp, loaded from the shell's server build, with each remote slot loaded from that remote's
 * server build, with React's streaming renderer.
 *
 * - Each remote slot is a Suspense boundary. A remote whose server build cannot be loaded, throws
 *   while rendering, or is not in within the render budget becomes a client-rendered boundary:
 *   the page still renders, and the browser loads that remote as on any other page, with the same
 *   Retry. The server logs the remote and the reason.
 * - Components read their first API answers through the request's own page data (answered in
 *   process by `answer`); the render waits for them, so the HTML holds the products and the page.
 * - The whole body is rendered before it is sent: no part of it needs an inline script to appear
 *   (the CSP allows none), it reads in full without JavaScript, and it can be cached and validated.
 *   What goes to the browser is the markup and the answers the render read.
 */
import { Writable } from 'node:stream';
import { createContext, createElement, lazy, useContext, type ComponentType, type ReactElement } from 'react';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { renderToPipeableStream } from 'react-dom/server';
import { createServerPageData, type PageData, type PageDataAnswer } from '@copytech/shared/ssr';
import { redactSearchTerms } from '../http/logRedaction';
import { ContainerLoadError, type FederationHost } from './federationHost';

interface ServerAppProps {
  url: string;
  data: PageData;
  remotes: { component(id: string): ComponentType<never> };
}

export interface RenderedBody {
  /** the markup that goes inside #root */
  html: string;
  /** the API answers the render read, for the page's data block */
  answers: Record<string, PageDataAnswer>;
  /** the parts left to the browser, with the reason (logged) */
  clientRendered: string[];
  /** the federation generation the page was rendered with */
  generation: number;
  /** the exposed modules the render used ('catalogue/CatalogueRoutes'), for their stylesheets */
  used: string[];
  /**
   * Per remote slot the render used, in ms: from the render first asking for the slot's module
   * (the slot rendering on the server) until that module was loaded and React started rendering
   * its component (close to 0 when an earlier page loaded it already); for a slot whose remote
   * failed, until the render was over. What the component's data reads then take is in the whole
   * body's time.
   */
  slots?: Array<{ remote: RemoteName; ms: number }>;
  /** the remotes whose slot was left to the browser because that remote failed (it did not load, or threw) */
  failedRemotes?: RemoteName[];
  /**
   * Each part left to the browser, once per remote and reason: its remote ('shell' for a part
   * outside every remote's slot) and why (its code did not load: missing; it threw; not in within
   * the budget: over_budget). The main thread counts them (copytech_render_fallbacks_total).
   */
  fallbacks?: Fallback[];
  /** ms the whole body took to render */
  ms?: number;
}

export type FallbackReason = 'missing' | 'threw' | 'over_budget';
export interface Fallback {
  remote: RemoteName | 'shell';
  reason: FallbackReason;
}

/** When each slot of one render was asked for and when its component started rendering. */
interface SlotTimer {
  asked: Map<string, number>;
  rendered: Map<string, number>;
}
const SlotTimerContext = createContext<SlotTimer | null>(null);

/** The remote named by a part's failure: its load failed, or it threw inside that remote's slot (the wrapper below). */
function failedRemoteOf(error: unknown, componentStack: string | undefined): RemoteName | null {
  if (error instanceof ContainerLoadError) return error.container === 'shell' ? null : error.container;
  return REMOTE_NAMES.find((name) => componentStack?.includes(slotComponentName(name))) ?? null;
}
const slotComponentName = (remote: RemoteName) => `CopytechRemoteSlot_${remote}`;

/**
 * An exposed module's component as the server renders it: the same component, inside a wrapper
 * named after its remote (so a failure inside it names the remote in React's component stack) that
 * notes when it starts rendering. It renders nothing of its own: the HTML is the component's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a remote's props are its own contract
function measured(id: string, Inner: ComponentType<any>): ComponentType<any> {
  const name = slotComponentName(id.split('/')[0] as RemoteName);
  const wrapper = {
    [name](props: object) {
      useContext(SlotTimerContext)?.rendered.set(id, performance.now());
      return createElement(Inner, props);
    },
  }[name]!;
  (wrapper as { displayName?: string }).displayName = name;
  return wrapper;
}

export interface Logger {
  warn(object: object, message: string): void;
}

/** Something React threw for a slot: a remote that failed to load names itself. */
function describe(error: unknown, componentStack: string | undefined): string {
  if (error instanceof ContainerLoadError) return `remote ${error.container}: ${error.message}`;
  const where =
    componentStack
      ?.split('\n')
      .find((line) => line.trim())
      ?.trim() ?? 'unknown component';
  return `${(error as Error)?.message ?? String(error)} (${where})`;
}

/** Why a part was left to the browser: its code did not load (missing), it threw, or it was not in within the budget. */
function fallbackReason(error: unknown, overBudget: Error): FallbackReason {
  if (error === overBudget) return 'over_budget';
  if (error instanceof ContainerLoadError) return error.overBudget ? 'over_budget' : 'missing';
  return 'threw';
}

/** React's instructions to the browser after the markup: bare `<script>` elements (a page's data blocks carry a type). */
const INSTRUCTION = /<script>([\s\S]*?)<\/script>/g;
/** The instructions an abort writes: the reveal timer, and $RX, which marks a pending boundary as client-rendered. */
const REVEAL_TIMER = /^requestAnimationFrame\(function\(\)\{\$RT=performance\.now\(\)\}\);$/;
const STRING = '"(?:[^"\\\\]|\\\\.)*"';
const CALL = `\\$RX\\(${STRING}(?:,(?:${STRING}|null))*\\);?`;
const CLIENT_RENDER = new RegExp(`^(?:\\$RX=function\\([^)]*\\)\\{[^<]*?\\};;)?((?:${CALL})+)$`);

/**
 * The markup of a render cut at the budget, without an inline script. Aborted after the shell is
 * ready, React 19 writes each unfinished boundary as pending (`<!--$?--><template id="B:0">`) and
 * then a script (`$RX("B:0")`) that marks it client-rendered, plus a reveal timer: the CSP refuses
 * both, and a reader without JavaScript would never run them. Here each such boundary is written as
 * React writes one that failed before it was sent (`<!--$!--><template>`), which the browser renders
 * itself on hydration, and the scripts are dropped. Null when the markup holds an instruction of
 * another kind: then the caller leaves the whole page to the browser rather than send it.
 */
export function withoutInstructions(html: string): string | null {
  if (!html.includes('<script>')) return html;
  const clientRendered: string[] = [];
  let unknown = false;
  const markup = html.replace(INSTRUCTION, (_script, code: string) => {
    if (REVEAL_TIMER.test(code)) return '';
    const calls = CLIENT_RENDER.exec(code)?.[1];
    if (!calls) {
      unknown = true;
      return _script;
    }
    for (const [, id] of calls.matchAll(new RegExp(`\\$RX\\((${STRING})`, 'g'))) clientRendered.push(JSON.parse(id!) as string);
    return '';
  });
  if (unknown) return null;
  let out = markup;
  for (const id of clientRendered) {
    const pending = `<!--$?--><template id="${id}"></template>`;
    if (!out.includes(pending)) return null;
    out = out.replace(pending, '<!--$!--><template></template>');
  }
  return out;
}

/**
 * The whole HTML of an element, written once every boundary is finished or, past `budgetMs`, left to
 * the browser; `onPartFailed` hears each part left to the browser, with the reason. Rejects when the
 * shell itself cannot render.
 */
function renderWhole(
  element: ReactElement,
  budgetMs: number,
  onPartFailed: (reason: string, remote: RemoteName | null, why: FallbackReason) => void,
): Promise<string> {
  const overBudget = new Error(`not rendered within the render budget of ${budgetMs} ms`);
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        done();
      },
      final(done) {
        const html = withoutInstructions(Buffer.concat(chunks).toString('utf8'));
        if (html === null) reject(new Error('the render wrote an inline script the page cannot carry (left to the browser)'));
        else resolve(html);
        done();
      },
    });
    const flush = () => {
      if (settled) return;
      settled = true;
      clearTimeout(budget);
      stream.pipe(sink);
    };
    const stream = renderToPipeableStream(element, {
      // Every finished boundary inline, however large: React would otherwise send a large one
      // apart, to be moved into place by an inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: flush,
      onShellError: (error) => {
        settled = true;
        clearTimeout(budget);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error, info) {
        const why = fallbackReason(error, overBudget);
        onPartFailed(describe(error, info?.componentStack), failedRemoteOf(error, info?.componentStack), why);
      },
    });
    // Over budget, what is still pending is left to the browser (client-rendered boundaries),
    // decided before anything is written; the scripts React still writes for them are taken out
    // (withoutInstructions), so no inline script is needed to finish it.
    const budget = setTimeout(() => {
      stream.abort(overBudget);
      flush();
    }, budgetMs);
  });
}

/** The remotes of the slots asked for whose component never started rendering. */
const notLoaded = (timer: SlotTimer) =>
  [...timer.asked.keys()].filter((id) => !timer.rendered.has(id)).map((id) => id.split('/')[0] as RemoteName);

/** Per remote: the longest of its slots' times (a page may show two parts of one remote). */
function slotTimes(timer: SlotTimer, end: number): Array<{ remote: RemoteName; ms: number }> {
  const byRemote = new Map<RemoteName, number>();
  for (const [id, asked] of timer.asked) {
    // A slot whose component never rendered (its remote failed): until the render gave up on it.
    const rendered = timer.rendered.get(id) ?? end;
    const remote = id.split('/')[0] as RemoteName;
    byRemote.set(remote, Math.max(byRemote.get(remote) ?? 0, rendered - asked));
  }
  return [...byRemote].map(([remote, ms]) => ({ remote, ms }));
}

/** One lazy component per exposed module and generation: loaded once, rendered by every request. */
function componentCache(host: FederationHost, budgetMs: number) {
  let components = new Map<string, ComponentType<never>>();
  let componentsGeneration = -1;

  function component(id: string, generation: number): ComponentType<never> {
    if (generation !== componentsGeneration) {
      components = new Map();
      componentsGeneration = generation;
    }
    let found = components.get(id);
    if (!found) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a remote's props are its own contract
      found = lazy<ComponentType<any>>(() =>
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        host.load<{ default: ComponentType<any> }>(id, budgetMs).then(
          (module) => ({ default: measured(id, module.default) }),
          (error: unknown) => {
            // Not kept: the next request tries the remote again.
            if (components.get(id) === found) components.delete(id);
            throw error;
          },
        ),
      );
      components.set(id, found);
    }
    return found;
  }
  return component;
}

export function createPageRenderer(host: FederationHost, options: { budgetMs: number; log: Logger }) {
  const { budgetMs, log } = options;
  const component = componentCache(host, budgetMs);

  /** The shell's ServerApp of a generation: loaded once; a failure (logged) is tried again by the next page. */
  let serverApp: { generation: number; loaded: Promise<ComponentType<ServerAppProps> | null> } | null = null;
  function loadServerApp(generation: number): Promise<ComponentType<ServerAppProps> | null> {
    if (serverApp?.generation === generation) return serverApp.loaded;
    const loaded = host.load<{ default: ComponentType<ServerAppProps> }>('shell/ServerApp', budgetMs).then(
      (module) => module.default,
      (error: unknown) => {
        log.warn(
          { container: 'shell', reason: (error as Error).message },
          'server rendering unavailable: the page is rendered in the browser',
        );
        if (serverApp?.loaded === loaded) serverApp = null;
        return null;
      },
    );
    serverApp = { generation, loaded };
    return loaded;
  }

  /** Whether pages can be rendered here now (the shell's server build loads). */
  async function available(): Promise<boolean> {
    return (await loadServerApp(await host.revalidate())) !== null;
  }

  /**
   * The page's body for a URL, or null when the shell's server build cannot render at all (then
   * the page is rendered in the browser).
   */
  async function render(url: string, answer: (url: string) => Promise<PageDataAnswer>): Promise<RenderedBody | null> {
    const generation = await host.revalidate();
    const ServerApp = await loadServerApp(generation);
    if (!ServerApp) return null;
    const started = performance.now();
    const data = createServerPageData(answer);
    const clientRendered: string[] = [];
    const failed = new Set<RemoteName>();
    const used = new Set<string>();
    const timer: SlotTimer = { asked: new Map(), rendered: new Map() };
    const remotes = {
      component: (id: string) => {
        used.add(id);
        if (!timer.asked.has(id)) timer.asked.set(id, performance.now());
        return component(id, generation);
      },
    };

    const app = createElement(ServerApp, { url, data, remotes });
    const fallbacks = new Map<string, Fallback>();
    const fellBack = (remote: Fallback['remote'], reason: FallbackReason) => fallbacks.set(`${remote} ${reason}`, { remote, reason });
    const html = await renderWhole(createElement(SlotTimerContext.Provider, { value: timer }, app), budgetMs, (reason, remote, why) => {
      clientRendered.push(reason);
      if (remote) failed.add(remote);
      // Over budget, a slot whose code was still loading names no remote in its stack: notLoaded() below does.
      if (remote || why !== 'over_budget') fellBack(remote ?? 'shell', why);
      log.warn({ url: redactSearchTerms(url), reason }, 'a part of the page is left to the browser');
    });
    const slots = slotTimes(timer, performance.now());
    // A slot asked for whose component never started rendering: its remote did not load in time.
    const late = clientRendered.length > 0 ? notLoaded(timer) : [];
    for (const remote of late) if (!failed.has(remote)) fellBack(remote, 'over_budget');
    if (clientRendered.length > 0 && fallbacks.size === 0) fellBack('shell', 'over_budget');
    const failedRemotes = [...failed, ...late];
    const body = { html, answers: data.answers(), clientRendered, generation, used: [...used] };
    return {
      ...body,
      slots,
      failedRemotes: [...new Set(failedRemotes)],
      fallbacks: [...fallbacks.values()],
      ms: performance.now() - started,
    };
  }

  return { render, available };
}
