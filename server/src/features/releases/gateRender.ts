/**
 * The release gate's render check (docs/release-gate.md): sample pages rendered with a candidate
 * build in place of its remote's live one, by the same federation host and page renderer as the
 * pages visitors get (pages/federationHost.ts, pages/renderPage.ts), in a host of its own.
 *
 * `renderSamples` is what the gate's worker thread runs (gateWorker.ts); from the TypeScript
 * sources (jest, `npm run dev`) there is no built worker and the gate runs it in process.
 * `renderInWorker` starts the worker for one check, answers its API reads and ends it.
 */
import { Worker } from 'node:worker_threads';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import { REQUIRED_EXPOSES, type RemoteName } from '@copytech/shared/domain';
import { createFederationHost, type ContainerSource } from '../../pages/federationHost';
import { createPageRenderer } from '../../pages/renderPage';
import type { FromWorker, ToWorker } from '../../pages/renderWorker';

/** One sample page rendered with the candidate. */
export interface SampleRender {
  url: string;
  /** the render's time, after the containers were loaded */
  ms: number;
  /** rendered by the server, with no part of the candidate left to the browser */
  ok: boolean;
  /** why not: the shell could not render, or the parts left to the browser with their reasons */
  error?: string;
  /** the page rendered an expose of the candidate's remote */
  usedRemote: boolean;
  /** the exposed modules the render used ('checker/SavingsChecker') */
  used: string[];
}

export interface GateRenderJob {
  remote: RemoteName;
  /** the live shell, the candidate, and the live builds of the other remotes */
  sources: ContainerSource[];
  urls: string[];
  budgetMs: number;
}

export type ReadApi = (url: string) => Promise<PageDataAnswer>;

/** Time allowed for loading the containers before the timed renders (a cold start reads and runs every entry). */
const WARM_UP_MS = 5000;
/** The gate worker's heap limit: what loading the shell and every remote and rendering a few pages needs, several times over. */
const WORKER_HEAP_MB = 512;

/** A part left to the browser because ANOTHER remote's build did not load is not the candidate's failure. */
function candidatesFailure(remote: RemoteName, reason: string): boolean {
  const other = /^remote (\w+): /.exec(reason)?.[1];
  return other === undefined || other === remote;
}

/** A required module of the candidate, loaded by the server before the pages are rendered. */
export interface ExposeLoad {
  expose: string;
  ms: number;
  /** why it did not load, or is not a component */
  error?: string;
}

export interface RenderCheck {
  loads: ExposeLoad[];
  renders: SampleRender[];
}

const isComponent = (value: unknown) => typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

/** Loads each module the shell's contract requires of the candidate (the first load of a server that has not rendered it yet). */
async function loadExposes(host: ReturnType<typeof createFederationHost>, remote: RemoteName): Promise<ExposeLoad[]> {
  return Promise.all(
    REQUIRED_EXPOSES[remote].map(async (expose) => {
      const started = performance.now();
      try {
        const module = await host.load<{ default?: unknown }>(`${remote}/${expose}`, WARM_UP_MS);
        const error = isComponent(module.default) ? undefined : 'its default export is not a React component';
        return { expose, ms: Math.round(performance.now() - started), ...(error ? { error } : {}) };
      } catch (error) {
        return { expose, ms: Math.round(performance.now() - started), error: (error as Error)?.message ?? String(error) };
      }
    }),
  );
}

async function renderOne(
  renderer: ReturnType<typeof createPageRenderer>,
  job: GateRenderJob,
  url: string,
  read: ReadApi,
): Promise<SampleRender> {
  const started = performance.now();
  try {
    const body = await renderer.render(url, read);
    const ms = Math.round(performance.now() - started);
    const used = body?.used ?? [];
    const usedRemote = used.some((id) => id.startsWith(`${job.remote}/`));
    const failures = body ? body.clientRendered.filter((reason) => candidatesFailure(job.remote, reason)) : [];
    const error = !body ? 'the live shell could not render the page' : failures.length > 0 ? failures.join('; ') : undefined;
    return { url, ms, ok: error === undefined, ...(error ? { error } : {}), usedRemote, used };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    return { url, ms, ok: false, error: (error as Error)?.message ?? String(error), usedRemote: false, used: [] };
  }
}

/**
 * Renders each URL with a federation host made of `job.sources`: first the shell and the
 * candidate's required modules are loaded (timed apart, as a server that has served a page before
 * has them), then each page is rendered and timed.
 */
export async function renderSamples(
  job: GateRenderJob,
  read: (render: number) => ReadApi,
  warn: (object: object, message: string) => void,
): Promise<RenderCheck> {
  const host = createFederationHost(job.sources);
  const renderer = createPageRenderer(host, { budgetMs: job.budgetMs, log: { warn } });
  await renderer.available();
  const loads = await loadExposes(host, job.remote);
  const renders: SampleRender[] = [];
  for (const [index, url] of job.urls.entries()) renders.push(await renderOne(renderer, job, url, read(index)));
  return { loads, renders };
}

/** Data of the gate's worker thread. */
export type GateWorkerData = GateRenderJob;

/**
 * Runs `renderSamples` in a worker thread of its own (gateWorker.ts), answering its API reads with
 * `readApi`, and ends the worker after; rejects past `timeoutMs` or if the worker fails.
 */
export function renderInWorker(
  workerFile: string,
  job: GateRenderJob,
  readApi: ReadApi | undefined,
  timeoutMs: number,
  warn: (object: object, message: string) => void,
  track: (worker: Worker) => () => void,
): Promise<RenderCheck> {
  // A heap of its own, bounded: a candidate that runs away with memory ends its worker, not the server.
  const worker = new Worker(workerFile, {
    workerData: job satisfies GateWorkerData,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  const untrack = track(worker);
  return new Promise<RenderCheck>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'log') {
        warn(message.object, message.message);
      } else if (message.type === 'read') {
        const answered = readApi ? readApi(message.url) : Promise.resolve<PageDataAnswer>({ ok: false, status: 0 });
        void answered
          .catch((): PageDataAnswer => ({ ok: false, status: 0 }))
          .then((answer) => worker.postMessage({ type: 'answer', id: message.id, answer } satisfies ToWorker));
      } else if (message.type === 'result') {
        clearTimeout(timer);
        if (message.ok) resolve(message.value as RenderCheck);
        else reject(new Error(message.error));
      }
    });
    worker.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the gate's worker stopped (exit code ${code})`));
    });
  }).finally(() => {
    untrack();
    void worker.terminate();
  });
}
