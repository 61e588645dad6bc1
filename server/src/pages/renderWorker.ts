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
import { configuredTargets, createHostPool, withHost, type RenderWith } from './hostPool';
import type { RenderedBody } from './renderPage';

export type { RenderWith };

export interface RenderWorkerData {
  siteRoot: string;
  /** the remotes as configured: the targets of a message that names none (each followed as rebuilt) */
  remoteManifests: Record<RemoteName, string>;
  budgetMs: number;
}

export type ToWorker =
  | ({ type: 'render'; id: number; url: string } & Partial<RenderWith>)
  | ({ type: 'available'; id: number } & Partial<RenderWith>)
  | { type: 'answer'; id: number; answer: PageDataAnswer };
export type FromWorker =
  | { type: 'read'; id: number; render: number; url: string }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: string }
  | { type: 'log'; object: object; message: string };

const port = parentPort;
if (port) {
  const { siteRoot, remoteManifests, budgetMs } = workerData as RenderWorkerData;
  const send = (message: FromWorker) => port.postMessage(message);
  const pool = createHostPool({ siteRoot, budgetMs, log: { warn: (object, message) => send({ type: 'log', object, message }) } });
  const configured = configuredTargets(siteRoot, remoteManifests);
  const using = (message: Partial<RenderWith>): RenderWith =>
    message.targets && message.current ? { targets: message.targets, current: message.current } : configured;
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
    const job = withHost<RenderedBody | null | boolean>(pool, using(message), ({ renderer }) =>
      message.type === 'render' ? renderer.render(message.url, read(message.id)) : renderer.available(),
    );
    job.then(
      (value) => send({ type: 'result', id: message.id, ok: true, value }),
      (error: unknown) => send({ type: 'result', id: message.id, ok: false, error: (error as Error)?.message ?? String(error) }),
    );
  });
}
