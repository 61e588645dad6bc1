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
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createServerPageData, type PageData, type PageDataAnswer } from '@copytech/shared/ssr';
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

/**
 * The whole HTML of an element, written once every boundary is finished or, past `budgetMs`, left to
 * the browser; `onPartFailed` hears each part left to the browser, with the reason. Rejects when the
 * shell itself cannot render.
 */
function renderWhole(element: ReactElement, budgetMs: number, onPartFailed: (reason: string) => void): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
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
        onPartFailed(describe(error, info?.componentStack));
      },
    });
    // Over budget, what is still pending is left to the browser (client-rendered boundaries),
    // decided before anything is written, so no inline script is needed to finish it.
    const budget = setTimeout(() => {
      stream.abort(new Error(`not rendered within the render budget of ${budgetMs} ms`));
      flush();
    }, budgetMs);
  });
}

export function createPageRenderer(host: FederationHost, options: { budgetMs: number; log: Logger }) {
  const { budgetMs, log } = options;
  /** One lazy component per exposed module and generation: loaded once, rendered by every request. */
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
        host.load<{ default: ComponentType<any> }>(id, budgetMs).catch((error: unknown) => {
          // Not kept: the next request tries the remote again.
          if (components.get(id) === found) components.delete(id);
          throw error;
        }),
      );
      components.set(id, found);
    }
    return found;
  }

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
   * the page is rendered in the browser, as before server rendering).
   */
  async function render(url: string, answer: (url: string) => Promise<PageDataAnswer>): Promise<RenderedBody | null> {
    const generation = await host.revalidate();
    const ServerApp = await loadServerApp(generation);
    if (!ServerApp) return null;
    const data = createServerPageData(answer);
    const clientRendered: string[] = [];
    const used = new Set<string>();
    const remotes = {
      component: (id: string) => {
        used.add(id);
        return component(id, generation);
      },
    };

    const html = await renderWhole(createElement(ServerApp, { url, data, remotes }), budgetMs, (reason) => {
      clientRendered.push(reason);
      log.warn({ url, reason }, 'a part of the page is left to the browser');
    });
    return { html, answers: data.answers(), clientRendered, generation, used: [...used] };
  }

  return { render, available };
}
