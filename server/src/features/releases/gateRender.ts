/**
 * The release gate's render check (docs/release-gate.md): sample pages rendered with a candidate
 * build in place of its remote's live one, by the same federation host and page renderer as the
 * pages visitors get (pages/federationHost.ts, pages/renderPage.ts), in a host of its own.
 *
 * `renderSamples` is what the gate's sandboxed process runs (gateWorker.ts); from the TypeScript
 * sources (jest, `npm run dev`) there is no built worker and the gate runs it in process.
 * `renderInSandbox` starts the process for one check, answers its API reads and ends it.
 */
import type { ChildProcess } from 'node:child_process';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import { REQUIRED_EXPOSES, type RemoteName } from '@copytech/shared/domain';
import { createFederationHost, type ContainerSource } from '../../pages/federationHost';
import { createPageRenderer } from '../../pages/renderPage';
import type { FromWorker, ToWorker } from '../../pages/renderWorker';
import { boundedFields, errorText } from '../../sandbox/errorText';
import { spawnSandboxed } from '../../sandbox/sandbox';

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
/** The gate process's heap limit: what loading the shell and every remote and rendering a few pages needs, several times over. */
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

/** Data of the gate's sandboxed process (its one argument, JSON). */
export type GateWorkerData = GateRenderJob;

export interface SandboxedRender {
  /** the gate's built script (gateWorker.ts) */
  workerFile: string;
  /** what the process may read besides its script's folder: the packages and the builds it renders */
  readPaths: string[];
  /** folders of the candidate's build: paths inside them are said relative to them in what the gate reports */
  releaseFolders: string[];
}

/**
 * Runs `renderSamples` in a sandboxed process of its own (gateWorker.ts, sandbox/sandbox.ts: no
 * environment, reads limited to `readPaths`, no network, a heap of its own), answering its API
 * reads with `readApi`, and ends the process after; rejects past `timeoutMs` or if it fails.
 * Whatever the process sends is untrusted: the result is checked for its shape, and every error
 * it reports is reduced to one bounded line without server paths (sandbox/errorText.ts).
 */
export function renderInSandbox(
  sandbox: SandboxedRender,
  job: GateRenderJob,
  readApi: ReadApi | undefined,
  timeoutMs: number,
  warn: (object: object, message: string) => void,
  track: (child: ChildProcess) => () => void,
): Promise<RenderCheck> {
  const within = sandbox.releaseFolders;
  const child = spawnSandboxed({
    entry: sandbox.workerFile,
    readPaths: sandbox.readPaths,
    heapMb: WORKER_HEAP_MB,
    args: [JSON.stringify(job satisfies GateWorkerData)],
  });
  const untrack = track(child);
  let logs = 0;
  return new Promise<RenderCheck>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    child.on('message', (message: FromWorker) => {
      if (typeof message !== 'object' || message === null) return;
      if (message.type === 'log') {
        logs += 1;
        if (logs <= 50) warn(boundedFields(message.object, within), errorText(message.message, within));
      } else if (message.type === 'read' && Number.isSafeInteger(message.id) && typeof message.url === 'string') {
        const answered = readApi ? readApi(message.url.slice(0, 2000)) : Promise.resolve<PageDataAnswer>({ ok: false, status: 0 });
        void answered
          .catch((): PageDataAnswer => ({ ok: false, status: 0 }))
          .then((answer) => {
            if (child.connected) child.send({ type: 'answer', id: message.id, answer } satisfies ToWorker);
          });
      } else if (message.type === 'result') {
        clearTimeout(timer);
        if (message.ok) {
          const check = checkedRenderCheck(message.value, job, within);
          if (check) resolve(check);
          else reject(new Error("the gate's process answered something that is not a render check"));
        } else reject(new Error(errorText(message.error, within)));
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(errorText(error, within)));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the gate's process stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`));
    });
  }).finally(() => {
    untrack();
    child.kill('SIGKILL');
  });
}

/** The process's render check, checked and bounded: only the sample pages asked for, each error one line. */
function checkedRenderCheck(value: unknown, job: GateRenderJob, within: string[]): RenderCheck | null {
  if (typeof value !== 'object' || value === null) return null;
  const { loads, renders } = value as { loads?: unknown; renders?: unknown };
  if (!Array.isArray(loads) || !Array.isArray(renders)) return null;
  const exposes = new Set(REQUIRED_EXPOSES[job.remote]);
  const checkedLoads: ExposeLoad[] = loads
    .filter((load: ExposeLoad) => typeof load?.expose === 'string' && exposes.has(load.expose))
    .map((load: ExposeLoad) => ({
      expose: load.expose,
      ms: Number.isFinite(load.ms) ? Math.round(load.ms) : 0,
      ...(load.error !== undefined ? { error: errorText(load.error, within) } : {}),
    }));
  const checkedRenders: SampleRender[] = job.urls.map((url) => {
    const render = (renders as SampleRender[]).find((item) => item?.url === url);
    if (!render) return { url, ms: 0, ok: false, error: 'not rendered', usedRemote: false, used: [] };
    const used = Array.isArray(render.used) ? render.used.filter((id): id is string => typeof id === 'string').slice(0, 50) : [];
    return {
      url,
      ms: Number.isFinite(render.ms) ? Math.round(render.ms) : 0,
      ok: render.ok === true,
      ...(render.error !== undefined ? { error: errorText(render.error, within) } : {}),
      usedRemote: used.some((id) => id.startsWith(`${job.remote}/`)),
      used,
    };
  });
  // every required module reported, or its absence is the candidate's failure
  for (const expose of exposes)
    if (!checkedLoads.some((load) => load.expose === expose)) checkedLoads.push({ expose, ms: 0, error: 'not loaded' });
  return { loads: checkedLoads, renders: checkedRenders };
}
