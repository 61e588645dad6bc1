/**
 * Page rendering in sandboxed processes (RENDER_PROCESSES, config.ts: by default one per core, at
 * most 4). The shell's and the remotes' server builds are other teams' code: they run in these
 * processes (the built `server/dist/render-worker.js`, started by sandbox/sandbox.ts with no
 * environment, reads limited to the builds and the packages, and no network), never in the
 * server's own process, which holds the database, the deploy tokens and every secret. A server run
 * from its TypeScript sources (the unit tests, `npm run dev -w server`) has no built worker and
 * renders in its own process: development only.
 *
 * Rendering a page is CPU work: about two thirds of what a page rendered for its request costs the
 * server. In a render process the main thread is left the HTTP work, the API reads, compression and
 * the page cache, and a machine's second core renders.
 *
 * Each process has its own federation host (it loads the containers itself and sees a rebuilt one
 * on its next render); the API reads of a render are sent to the server over the IPC channel and
 * answered in process through the server's public GET routes (`answer`), like any other read. A
 * release on another origin is copied to this machine's disk by the server before the render that
 * needs it (originCopies.ts): the processes have no network. A process that dies is replaced on the
 * next render; its renders in progress fail, and those pages are rendered in the browser.
 *
 * Everything a process sends is untrusted: each message is checked for its shape, a body's fields
 * are bounded (the remotes, reasons and modules it names must be real ones: they become metric
 * labels and stylesheet links), and its log lines are bounded in number and reduced to one line
 * without paths or secrets (sandbox/errorText.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import { boundedFields, errorText } from '../sandbox/errorText';
import { spawnSandboxed } from '../sandbox/sandbox';
import type { Fallback, Logger, RenderedBody } from './renderPage';
import type { FromWorker, RenderWith, RenderWorkerData, ToWorker } from './renderWorker';
import { onDisk } from './hostPool';

/**
 * Renders pages with the releases each request selected (`use`: its targets, and the releases live
 * now, so that hosts of releases no longer live are dropped); without `use`, the configured remotes.
 */
export interface PageRenderer {
  render(url: string, answer: (url: string) => Promise<PageDataAnswer>, use?: RenderWith): Promise<RenderedBody | null>;
  available(use?: RenderWith): Promise<boolean>;
  close(): Promise<void>;
}

export interface RenderProcessOptions {
  workerFile: string;
  count: number;
  data: RenderWorkerData;
  /** what the processes may read besides their script's folder (renderReadPaths, sandbox/readPaths.ts) */
  readPaths: string[];
  log: Logger;
  /** per process (default 1024) */
  heapMb?: number;
}

interface Job {
  resolve(value: unknown): void;
  reject(error: Error): void;
  kind: 'render' | 'available';
  answer?: (url: string) => Promise<PageDataAnswer>;
}

interface RenderProcess {
  child: ChildProcess;
  pending: Map<number, Job>;
  /** log lines passed on this minute, and which minute */
  logs: { minute: number; count: number; dropped: number };
}

const CONTAINERS = new Set<string>(['shell', ...REMOTE_NAMES]);
const REMOTES = new Set<string>(REMOTE_NAMES);
const REASONS = new Set(['missing', 'threw', 'over_budget']);
const MODULE_ID = /^(?:shell|catalogue|basket|checker|content)\/[A-Za-z0-9_]{1,60}$/;
/** A body is the markup inside #root: a few hundred kilobytes at most in practice. */
const MAX_BODY_CHARS = 8 * 1024 * 1024;
const LOG_LINES_PER_MINUTE = 100;

const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const strings = (value: unknown, limit: number) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, limit) : [];

function answerOf(value: unknown): PageDataAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const answer = value as { ok?: unknown; status?: unknown; value?: unknown };
  if (answer.ok === true) return { ok: true, value: answer.value };
  if (answer.ok === false && typeof answer.status === 'number') return { ok: false, status: answer.status };
  return null;
}

/** A render process's body, checked field by field; null when it is not one. */
export function checkedBody(value: unknown): RenderedBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  if (typeof body.html !== 'string' || body.html.length > MAX_BODY_CHARS) return null;
  const answers: Record<string, PageDataAnswer> = {};
  if (typeof body.answers === 'object' && body.answers !== null)
    for (const [url, raw] of Object.entries(body.answers).slice(0, 200)) {
      const answer = answerOf(raw);
      if (answer && url.startsWith('/api/') && url.length <= 2000) answers[url] = answer;
    }
  const slots = (Array.isArray(body.slots) ? body.slots : [])
    .flatMap((slot: { remote?: unknown; ms?: unknown }) =>
      typeof slot?.remote === 'string' && REMOTES.has(slot.remote) && number(slot.ms) !== undefined
        ? [{ remote: slot.remote as RemoteName, ms: number(slot.ms)! }]
        : [],
    )
    .slice(0, 50);
  const fallbacks = (Array.isArray(body.fallbacks) ? body.fallbacks : [])
    .flatMap((item: { remote?: unknown; reason?: unknown }) =>
      typeof item?.remote === 'string' && CONTAINERS.has(item.remote) && typeof item.reason === 'string' && REASONS.has(item.reason)
        ? [{ remote: item.remote, reason: item.reason } as Fallback]
        : [],
    )
    .slice(0, 20);
  return {
    html: body.html,
    answers,
    clientRendered: strings(body.clientRendered, 20).map((reason) => errorText(reason)),
    generation: number(body.generation) ?? 0,
    used: [...new Set(strings(body.used, 50).filter((id) => MODULE_ID.test(id)))],
    slots,
    failedRemotes: [...new Set(strings(body.failedRemotes, 10).filter((name) => REMOTES.has(name)))] as RemoteName[],
    fallbacks,
    ...(number(body.ms) !== undefined ? { ms: number(body.ms) } : {}),
  };
}

/** A message from a render process, or null when it is none of the kinds it may send. */
function checkedMessage(message: unknown): FromWorker | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  if (m.type === 'read')
    return Number.isSafeInteger(m.id) && Number.isSafeInteger(m.render) && typeof m.url === 'string' && m.url.length <= 2000
      ? { type: 'read', id: m.id as number, render: m.render as number, url: m.url }
      : null;
  if (m.type === 'result' && Number.isSafeInteger(m.id))
    return m.ok === true
      ? { type: 'result', id: m.id as number, ok: true, value: m.value }
      : { type: 'result', id: m.id as number, ok: false, error: errorText(m.error) };
  if (m.type === 'log') return { type: 'log', object: boundedFields(m.object), message: errorText(m.message) };
  return null;
}

/** The processes, each started on first use and replaced when it stops. */
class RenderProcesses implements PageRenderer {
  private readonly processes: Array<RenderProcess | null>;
  private lastId = 0;
  private closed = false;
  private turn = 0;

  constructor(private readonly options: RenderProcessOptions) {
    this.processes = Array.from({ length: options.count }, () => null);
  }

  async render(url: string, answer: (url: string) => Promise<PageDataAnswer>, use?: RenderWith): Promise<RenderedBody | null> {
    if (this.closed) throw new Error('the server is closing');
    const targets = await this.onThisDisk(use);
    // The page's data block is made of the answers this server gave the render, never of what the
    // process says it read (it sends none back: less to serialize, nothing to trust).
    const given: Record<string, PageDataAnswer> = {};
    const recorded = async (read: string) => (given[read] = await answer(read));
    const body = await this.ask<RenderedBody | null>(
      this.pick(),
      { type: 'render', url, ...targets },
      { kind: 'render', answer: recorded },
    );
    return body && { ...body, answers: given };
  }

  async available(use?: RenderWith): Promise<boolean> {
    if (this.closed) return false;
    try {
      return await this.ask<boolean>(this.pick(), { type: 'available', ...(await this.onThisDisk(use)) }, { kind: 'available' });
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.processes.map((proc) => proc && stopped(proc.child)));
  }

  /** The request's targets, with releases on another origin copied to disk first (the processes have no network). */
  private async onThisDisk(use?: RenderWith): Promise<Partial<RenderWith>> {
    return use ? { targets: await onDisk(use.targets, this.options.log), current: use.current } : {};
  }

  private passLog(proc: RenderProcess, object: object, message: string): void {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== proc.logs.minute) {
      if (proc.logs.dropped > 0)
        this.options.log.warn({ dropped: proc.logs.dropped }, 'a render process sent more log lines than are kept');
      proc.logs = { minute, count: 0, dropped: 0 };
    }
    proc.logs.count += 1;
    if (proc.logs.count > LOG_LINES_PER_MINUTE) proc.logs.dropped += 1;
    else this.options.log.warn(object, message);
  }

  private start(slot: number): RenderProcess {
    const { options } = this;
    const child = spawnSandboxed({
      entry: options.workerFile,
      readPaths: options.readPaths,
      heapMb: options.heapMb ?? 1024,
      args: [JSON.stringify(options.data)],
      onStderr: (line) => this.passLog(proc, {}, `render process: ${errorText(line)}`),
    });
    const proc: RenderProcess = { child, pending: new Map(), logs: { minute: 0, count: 0, dropped: 0 } };
    const fail = (reason: string) => {
      if (this.processes[slot] === proc) this.processes[slot] = null;
      for (const job of proc.pending.values()) job.reject(new Error(`render process stopped: ${reason}`));
      proc.pending.clear();
    };
    child.on('message', (raw: unknown) => this.receive(proc, raw));
    child.on('error', (error) => {
      if (!this.closed) options.log.warn({ reason: errorText(error) }, 'a render process failed: it is replaced on the next render');
      fail(errorText(error));
    });
    child.on('exit', (code, signal) => {
      const reason = signal ? `signal ${signal}` : `exit code ${code}`;
      if (!this.closed && this.processes[slot] === proc)
        options.log.warn({ reason }, 'a render process stopped: it is replaced on the next render');
      fail(reason);
    });
    this.processes[slot] = proc;
    return proc;
  }

  /** A message from a process: a log line, an API read to answer, or a job's result. */
  private receive(proc: RenderProcess, raw: unknown): void {
    const message = checkedMessage(raw);
    if (!message) return this.passLog(proc, {}, 'a render process sent a message of no known kind: ignored');
    if (message.type === 'log') return this.passLog(proc, message.object, message.message);
    if (message.type === 'read') {
      const reader = proc.pending.get(message.render)?.answer;
      const answered = reader ? reader(message.url) : Promise.resolve<PageDataAnswer>({ ok: false, status: 0 });
      void answered
        .catch((): PageDataAnswer => ({ ok: false, status: 0 }))
        .then((answer) => {
          if (proc.child.connected) proc.child.send({ type: 'answer', id: message.id, answer } satisfies ToWorker);
        });
      return;
    }
    const job = proc.pending.get(message.id);
    if (!job) return;
    proc.pending.delete(message.id);
    if (!message.ok) return job.reject(new Error(message.error));
    if (job.kind === 'available') return job.resolve(message.value === true);
    // a render: a body, or null (the shell could not render the page)
    if (message.value === null) return job.resolve(null);
    const body = checkedBody(message.value);
    if (body) job.resolve(body);
    else job.reject(new Error('the render process answered something that is not a page body'));
  }

  /** The process with the fewest renders in progress, taking turns among equals (started if it is not running). */
  private pick(): RenderProcess {
    const { processes } = this;
    this.turn = (this.turn + 1) % processes.length;
    let best = this.turn;
    for (let step = 1; step < processes.length; step += 1) {
      const slot = (this.turn + step) % processes.length;
      if ((processes[slot]?.pending.size ?? 0) < (processes[best]?.pending.size ?? 0)) best = slot;
    }
    return processes[best] ?? this.start(best);
  }

  private ask<T>(
    proc: RenderProcess,
    message: { type: Job['kind'] } & Record<string, unknown>,
    job: Omit<Job, 'resolve' | 'reject'>,
  ): Promise<T> {
    this.lastId += 1;
    const id = this.lastId;
    return new Promise<T>((resolve, reject) => {
      proc.pending.set(id, { ...job, resolve: resolve as (value: unknown) => void, reject });
      proc.child.send({ ...message, id } as unknown as ToWorker, (error) => {
        if (!error) return;
        proc.pending.delete(id);
        reject(new Error(`render process unreachable: ${errorText(error)}`));
      });
    });
  }
}

/** Ends a process: SIGTERM, then SIGKILL after 2 s. */
function stopped(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 2000).unref();
  });
}

export function createRenderProcesses(options: RenderProcessOptions): PageRenderer {
  return new RenderProcesses(options);
}
