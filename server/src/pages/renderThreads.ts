/**
 * Page rendering in worker threads (RENDER_THREADS, config.ts: by default one per core, at most 4).
 * With RENDER_THREADS=0 pages render in the main thread.
 *
 * Rendering a page is CPU work: about two thirds of what a page rendered for its request costs the
 * server. In the main thread it competes with every other request; in a render thread the main
 * thread is left the HTTP work, the API reads, compression and the page cache, and a machine's
 * second core renders. Measured with `npm run bench:api` (20 connections, every request rendered)
 * on 2 cores: see docs/architecture.md "How a page loads".
 *
 * Each thread has its own federation host (it loads the containers itself and sees a rebuilt one
 * on its next render, as the main thread's would); the API reads of a render are answered by the
 * main thread in process (`answer`), so they go through the server's routes like any other read. A thread
 * that dies is replaced on the next render; its renders in progress fail, and those pages are
 * rendered in the browser (the caller's fallback for any failed render).
 */
import { Worker } from 'node:worker_threads';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import type { Logger, RenderedBody } from './renderPage';
import type { FromWorker, RenderWith, RenderWorkerData, ToWorker } from './renderWorker';

/**
 * Renders pages with the releases each request selected (`use`: its targets, and the releases live
 * now, so that hosts of releases no longer live are dropped); without `use`, the configured remotes.
 */
export interface PageRenderer {
  render(url: string, answer: (url: string) => Promise<PageDataAnswer>, use?: RenderWith): Promise<RenderedBody | null>;
  available(use?: RenderWith): Promise<boolean>;
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve(value: unknown): void; reject(error: Error): void; answer?: (url: string) => Promise<PageDataAnswer> }>;
}

export function createRenderThreads(workerFile: string, count: number, data: RenderWorkerData, log: Logger): PageRenderer {
  const threads: Array<Thread | null> = Array.from({ length: count }, () => null);
  let lastId = 0;
  let closed = false;

  function start(slot: number): Thread {
    const thread: Thread = { worker: new Worker(workerFile, { workerData: data }), pending: new Map() };
    const fail = (reason: string) => {
      if (threads[slot] === thread) threads[slot] = null;
      for (const job of thread.pending.values()) job.reject(new Error(`render thread stopped: ${reason}`));
      thread.pending.clear();
    };
    thread.worker.on('message', (message: FromWorker) => {
      if (message.type === 'log') return log.warn(message.object, message.message);
      if (message.type === 'read') {
        const reader = thread.pending.get(message.render)?.answer;
        const answered = reader ? reader(message.url) : Promise.resolve<PageDataAnswer>({ ok: false, status: 0 });
        void answered
          .catch((): PageDataAnswer => ({ ok: false, status: 0 }))
          .then((answer) => thread.worker.postMessage({ type: 'answer', id: message.id, answer } satisfies ToWorker));
        return;
      }
      const job = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      if (message.ok) job?.resolve(message.value);
      else job?.reject(new Error(message.error));
    });
    thread.worker.on('error', (error) => {
      if (!closed) log.warn({ reason: error.message }, 'a render thread failed: it is replaced on the next render');
      fail(error.message);
    });
    thread.worker.on('exit', (code) => {
      if (!closed && threads[slot] === thread)
        log.warn({ reason: `exit code ${code}` }, 'a render thread stopped: it is replaced on the next render');
      fail(`exit code ${code}`);
    });
    threads[slot] = thread;
    return thread;
  }

  let turn = 0;
  /** The thread with the fewest renders in progress, taking turns among equals (started if it is not running). */
  function pick(): Thread {
    turn = (turn + 1) % threads.length;
    let best = turn;
    for (let step = 1; step < threads.length; step += 1) {
      const slot = (turn + step) % threads.length;
      if ((threads[slot]?.pending.size ?? 0) < (threads[best]?.pending.size ?? 0)) best = slot;
    }
    return threads[best] ?? start(best);
  }

  function ask<T>(
    message: ({ type: 'render'; url: string } | { type: 'available' }) & Partial<RenderWith>,
    answer?: (url: string) => Promise<PageDataAnswer>,
  ): Promise<T> {
    if (closed) return Promise.reject(new Error('the server is closing'));
    const thread = pick();
    lastId += 1;
    const id = lastId;
    return new Promise<T>((resolve, reject) => {
      thread.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, answer });
      thread.worker.postMessage({ ...message, id } satisfies ToWorker);
    });
  }

  return {
    render: (url, answer, use) => ask<RenderedBody | null>({ type: 'render', url, ...use }, answer),
    available: (use) => ask<boolean>({ type: 'available', ...use }).catch(() => false),
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
    },
  };
}
