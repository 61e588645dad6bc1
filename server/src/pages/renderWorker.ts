/**
 * A render process (renderProcesses.ts): the page renderer of renderPage.ts, with a federation host
 * of its own, in a sandboxed process (sandbox/sandbox.ts: no environment, reads limited to the
 * builds and the packages, no network). It renders what the server asks for and asks the server
 * for each API answer a render reads (answered in process, inProcessApi.ts), so every read still
 * goes through the server's routes, their validation and their answer cache.
 *
 * Built to dist/render-worker.js (build.mjs), started with its data as its one argument (JSON).
 * Messages in: render {id, url}, available {id}, answer {id, answer}. Out: read {id,
 * render, url}, result {id, ok, value | error}, log {object, message}.
 */
import { closeNetwork } from '../sandbox/networkGuard';
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

const send = process.send?.bind(process);
if (send) {
  // Before anything of a team's is loaded.
  closeNetwork();
  const { siteRoot, remoteManifests, budgetMs } = JSON.parse(process.argv[2] ?? '{}') as RenderWorkerData;
  const post = (message: FromWorker) => send(message);
  const pool = createHostPool({ siteRoot, budgetMs, log: { warn: (object, message) => post({ type: 'log', object, message }) } });
  const configured = configuredTargets(siteRoot, remoteManifests);
  const using = (message: Partial<RenderWith>): RenderWith =>
    message.targets && message.current ? { targets: message.targets, current: message.current } : configured;
  const reads = new Map<number, (answer: PageDataAnswer) => void>();
  let lastRead = 0;
  /** A read of the render `render`, answered by the server. */
  const read = (render: number) => (url: string) =>
    new Promise<PageDataAnswer>((resolve) => {
      lastRead += 1;
      reads.set(lastRead, resolve);
      post({ type: 'read', id: lastRead, render, url });
    });
  process.on('message', (message: ToWorker) => {
    if (message.type === 'answer') {
      reads.get(message.id)?.(message.answer);
      reads.delete(message.id);
      return;
    }
    // The server copied any release on another origin to disk before asking (renderProcesses.ts).
    const job = withHost<RenderedBody | null | boolean>(
      pool,
      using(message),
      ({ renderer }) => (message.type === 'render' ? renderer.render(message.url, read(message.id)) : renderer.available()),
      { copyOrigins: false },
    );
    job.then(
      // A body's answers are the server's own (it keeps what it answered): not sent back.
      (value) =>
        post({ type: 'result', id: message.id, ok: true, value: value && typeof value === 'object' ? { ...value, answers: {} } : value }),
      (error: unknown) => post({ type: 'result', id: message.id, ok: false, error: (error as Error)?.message ?? String(error) }),
    );
  });
  // The server went away: so does this process.
  process.on('disconnect', () => process.exit(0));
}
