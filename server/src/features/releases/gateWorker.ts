/**
 * The release gate's worker thread (gateRender.ts): loads a candidate build with the live shell
 * and the other remotes' live builds, away from the threads that serve visitors, renders the
 * sample pages and answers their times and failures; the gate ends the thread after. Whatever the
 * candidate's code does when it loads (a timer, a global, a crash) ends with the thread.
 *
 * Built to dist/gate-worker.js (build.mjs). The messages are the render threads' (pages/renderWorker.ts):
 * out: read {id, render, url} (an API read, answered by the main thread in process), log
 * {object, message}, and one result {id: 0, ok, value: SampleRender[] | error}; in: answer {id, answer}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import type { FromWorker, ToWorker } from '../../pages/renderWorker';
import { renderSamples, type GateWorkerData } from './gateRender';

const port = parentPort;
if (port) {
  const send = (message: FromWorker) => port.postMessage(message);
  const reads = new Map<number, (answer: PageDataAnswer) => void>();
  let lastRead = 0;
  const read = (render: number) => (url: string) =>
    new Promise<PageDataAnswer>((resolve) => {
      lastRead += 1;
      reads.set(lastRead, resolve);
      send({ type: 'read', id: lastRead, render, url });
    });
  port.on('message', (message: ToWorker) => {
    if (message.type !== 'answer') return;
    reads.get(message.id)?.(message.answer);
    reads.delete(message.id);
  });
  renderSamples(workerData as GateWorkerData, read, (object, message) => send({ type: 'log', object, message })).then(
    (value) => send({ type: 'result', id: 0, ok: true, value }),
    (error: unknown) => send({ type: 'result', id: 0, ok: false, error: (error as Error)?.message ?? String(error) }),
  );
}
