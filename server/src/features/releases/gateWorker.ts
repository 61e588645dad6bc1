/**
 * The release gate's sandboxed process (gateRender.ts renderInSandbox, sandbox/sandbox.ts): loads a
 * candidate build with the live shell and the other remotes' live builds, away from the processes
 * that serve visitors and from the server's own, renders the sample pages and answers their times
 * and failures; the gate ends the process after. Whatever the candidate's code does when it loads
 * (a timer, a global, a crash, a read of the server's files or environment, a connection) ends
 * with the process or is refused by the sandbox.
 *
 * Built to dist/gate-worker.js (build.mjs), started with its job as its one argument (JSON). The
 * messages are the render processes' (pages/renderWorker.ts): out: read {id, render, url} (an API
 * read, answered by the server in process), log {object, message}, and one result {id: 0, ok,
 * value: RenderCheck | error}; in: answer {id, answer}.
 */
import { closeNetwork } from '../../sandbox/networkGuard';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import type { FromWorker, ToWorker } from '../../pages/renderWorker';
import { renderSamples, type GateWorkerData } from './gateRender';

const send = process.send?.bind(process);
if (send) {
  // Before anything of the candidate's is loaded.
  closeNetwork();
  const post = (message: FromWorker) => send(message);
  const reads = new Map<number, (answer: PageDataAnswer) => void>();
  let lastRead = 0;
  const read = (render: number) => (url: string) =>
    new Promise<PageDataAnswer>((resolve) => {
      lastRead += 1;
      reads.set(lastRead, resolve);
      post({ type: 'read', id: lastRead, render, url });
    });
  process.on('message', (message: ToWorker) => {
    if (message.type !== 'answer') return;
    reads.get(message.id)?.(message.answer);
    reads.delete(message.id);
  });
  process.on('disconnect', () => process.exit(0));
  const job = JSON.parse(process.argv[2] ?? '{}') as GateWorkerData;
  renderSamples(job, read, (object, message) => post({ type: 'log', object, message })).then(
    (value) => post({ type: 'result', id: 0, ok: true, value }),
    (error: unknown) => post({ type: 'result', id: 0, ok: false, error: (error as Error)?.message ?? String(error) }),
  );
}
