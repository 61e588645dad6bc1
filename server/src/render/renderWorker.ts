/**
 * A render thread (renderThreads.ts): the page renderer of renderPage.ts, with a federation host of
 * its own, in a worker thread. It renders what the main thread asks for and asks the main thread
 * for each API answer a render reads (the main thread answers it in process, inProcessApi.ts), so
 * every read still goes through the server's routes, their validation and their answer cache.
 *
 * Built to dist/render-worker.js (build.mjs). Messages in: render {id, url}, available {id},
 * answer {id, answer}. Out: read {id, render, url}, result {id, ok, value | error}, log {object, message}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import type { RemoteName } from '@copytech/shared/domain';
import { containerSources, createFederationHost } from './federationHost';
import { createPageRenderer } from './renderPage';

export interface RenderWorkerData {
  siteRoot: string;
  remoteManifests: Record<RemoteName, string>;
  budgetMs: number;
}

export type ToWorker =
  { type: 'render'; id: number; url: string } | { type: 'available'; id: number } | { type: 'answer'; id: number; answer: PageDataAnswer };
export type FromWorker =
  | { type: 'read'; id: number; render: number; url: string }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: string }
  | { type: 'log'; object: object; message: string };

const port = parentPort;
if (port) {
  const { siteRoot, remoteManifests, budgetMs } = workerData as RenderWorkerData;
  const send = (message: FromWorker) => port.postMessage(message);
  const renderer = createPageRenderer(createFederationHost(containerSources(siteRoot, remoteManifests)), {
    budgetMs,
    log: { warn: (object, message) => send({ type: 'log', object, message }) },
  });
  const reads = new Map<number, (answer: PageDataAnswer) => void>();
  let lastRead = 0;
  /** A read of the render `render`, answered by the main thread. */
  const read = (render: number) => (url: string) =>
    new Promise<PageDataAnswer>((resolve) => {
      lastRead += 1;
      reads.set(lastRead, resolve);
      send({ type: 'read', id: lastRead, render, url });
    });
  port.on('message', (message: ToWorker) => {
    if (message.type === 'answer') {
      reads.get(message.id)?.(message.answer);
      reads.delete(message.id);
      return;
    }
    const job: Promise<unknown> = message.type === 'render' ? renderer.render(message.url, read(message.id)) : renderer.available();
    job.then(
      (value) => send({ type: 'result', id: message.id, ok: true, value }),
      (error: unknown) => send({ type: 'result', id: message.id, ok: false, error: (error as Error)?.message ?? String(error) }),
    );
  });
}
