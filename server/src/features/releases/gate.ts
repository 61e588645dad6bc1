/**
 * The release gate (docs/release-gate.md): what every release of a remote passes before any
 * visitor gets it, at publish and again at promote. A refusal lists every reason found (never the
 * first only), each a sentence naming what failed; the registry then keeps nothing and changes
 * nothing.
 *
 * 1. Both manifests (browser and server) readable, valid, complete (metaData, remoteEntry,
 *    exposes, shared) and naming this remote (gateManifest.ts).
 * 2. Every module the shell's contract requires of the remote (REQUIRED_EXPOSES) exposed by both.
 * 3. Every singleton the build shares satisfied by what loads it: the live shell in the browser,
 *    the server's own packages on the server; @copytech/shared of the live shell's major (gateChecks.ts).
 * 4. The server build rendered with the live shell and the other remotes' live builds, in a
 *    sandboxed process of its own (gateWorker.ts, sandbox/sandbox.ts: no environment, reads limited
 *    to the packages and those builds, no network), for a sample of real pages the remote renders:
 *    each without an error, with no part of the candidate left to the browser, within the render
 *    budget (gateRender.ts). What a refusal says of an error is one bounded line without a path of
 *    the server (sandbox/errorText.ts).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { REMOTE_NAMES, matchSitePath, remoteOfRoute, type RemoteName } from '@copytech/shared/domain';
import type { ContainerSource } from '../../pages/federationHost';
import { sitemapEntries, type SitemapSources } from '../../pages/sitemap';
import { CONTRACTS_PACKAGE, serverProvidedVersions, sharedOfManifestText, sharedReasons } from './gateChecks';
import { readManifest } from './gateManifest';
import { renderInSandbox, renderSamples, type GateRenderJob, type ReadApi, type RenderCheck, type SampleRender } from './gateRender';
import { loadableEntry } from '../../pages/originCopies';
import { errorText } from '../../sandbox/errorText';
import { entryFolder, packageReadPaths } from '../../sandbox/readPaths';
import type { GateResult, LiveSnapshot, RenderTargets, SharedRequirement } from '../../pages/releases/model';

export { describeBuild } from './gateManifest';
export type { ExposeLoad, RenderCheck, SampleRender } from './gateRender';

/** A build to check, as the registry read it (a store's files, or another origin's). */
export interface GateCandidate {
  remote: RemoteName;
  id: string;
  manifestUrl: string;
  /** the server build's entry: file:// (store) or http(s):// (origin) */
  serverEntry: string;
  /** the browser manifest's text, or why it could not be read */
  browserManifest: string | { error: string };
  /** the server manifest's text, or why it could not be read */
  serverManifest: string | { error: string };
}

/** What a check compares the candidate with, and how it renders it. */
export interface GateContext {
  /** the live shell's browser manifest's shared entries, or why it could not be read */
  shellProvides: SharedRequirement[] | { error: string };
  /** package → version, from the server's node_modules */
  serverProvides: Record<string, string>;
  /** real pages to render the candidate on; those whose route the remote owns must render one of its modules */
  sampleUrls: string[];
  /** the other remotes' live builds the samples are rendered with */
  liveTargets: RenderTargets;
  budgetMs: number;
  /** the candidate's required modules loaded and the sample pages rendered with it (gateRender.ts) */
  renderSamples(urls: string[], targets: RenderTargets): Promise<RenderCheck>;
  /** the candidate's own folders: a path inside them is said relative to them, any other path of the server not at all */
  releaseFolders?: string[];
}

export interface GateLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface GateOptions {
  siteRoot: string;
  budgetMs: number;
  /** the server's API, in process (render/inProcessReader); without it every read of a sample page fails */
  readApi?: ReadApi;
  /** real pages of the remote to render (gateSampleUrls with the server's database) */
  sampleUrls: (remote: RemoteName) => Promise<string[]>;
  log: GateLog;
  /** the live releases the candidate is rendered with; without it, the remotes' local builds */
  live?: () => LiveSnapshot;
  /** the sandboxed process's script; default dist/gate-worker.js beside the built server, none from the sources (in process) */
  workerFile?: string | null;
  /** the whole render check's time limit (default 20 s) */
  renderTimeoutMs?: number;
}

export interface Gate {
  check(candidate: GateCandidate): Promise<GateResult>;
  close(): Promise<void>;
}

const ownedBy = (url: string) => remoteOfRoute(matchSitePath(url.split('?')[0]!));

/** Why the render check refuses the candidate. */
function renderReasons(remote: RemoteName, check: RenderCheck, budgetMs: number, within: string[]): string[] {
  const reasons = check.loads.flatMap(({ expose, error }) =>
    error ? [`server build: "${expose}" did not load (${errorText(error, within)})`] : [],
  );
  for (const render of check.renders) {
    if (!render.ok) reasons.push(`render ${render.url}: failed (${errorText(render.error ?? 'unknown error', within)})`);
    else if (render.ms > budgetMs) reasons.push(`render ${render.url}: ${render.ms} ms, over the render budget of ${budgetMs} ms`);
    // A page the remote owns that renders none of its modules has not tried the candidate at all.
    if (ownedBy(render.url) === remote && !render.usedRemote)
      reasons.push(`render ${render.url}: the page rendered none of ${remote}'s exposed modules`);
  }
  return reasons;
}

/** The shared checks of one manifest; with the shell unreadable, only what the server provides is checked. */
function sharedOfBuild(manifest: ReturnType<typeof readManifest>, ctx: GateContext): string[] {
  if (!manifest) return [];
  if (!Array.isArray(ctx.shellProvides)) {
    if (manifest.kind === 'browser') return [];
    const withoutShell = { ...manifest, shared: manifest.shared.filter((entry) => entry.name !== CONTRACTS_PACKAGE) };
    return sharedReasons(withoutShell, { shell: [], server: ctx.serverProvides });
  }
  return sharedReasons(manifest, { shell: ctx.shellProvides, server: ctx.serverProvides });
}

/** Every reason the candidate cannot go live (none: it passes). */
export async function checkRelease(candidate: GateCandidate, ctx: GateContext): Promise<GateResult> {
  const started = performance.now();
  const { remote } = candidate;
  const reasons: string[] = [];
  const browser = readManifest('browser', remote, candidate.browserManifest, reasons);
  const server = readManifest('server', remote, candidate.serverManifest, reasons);
  if (!Array.isArray(ctx.shellProvides))
    reasons.push(`the live shell's browser manifest (shell/dist/mf-manifest.json) cannot be read (${ctx.shellProvides.error})`);
  reasons.push(...sharedOfBuild(browser, ctx), ...sharedOfBuild(server, ctx));

  const entryPath = candidate.serverEntry.split(/[?#]/)[0]!;
  if (server?.entryFile && !entryPath.endsWith(`/${server.entryFile}`))
    reasons.push(`server manifest: its remoteEntry is "${server.entryFile}", but the release's server entry is ${entryPath}`);

  let renders: SampleRender[] = [];
  if (server?.entryFile) {
    if (ctx.sampleUrls.length === 0) reasons.push(`render: there is no page of the site to render ${remote} on (no sample URL)`);
    try {
      const check = await ctx.renderSamples(ctx.sampleUrls, {
        ...ctx.liveTargets,
        [remote]: { id: candidate.id, serverEntry: candidate.serverEntry },
      });
      renders = check.renders;
      reasons.push(...renderReasons(remote, check, ctx.budgetMs, ctx.releaseFolders ?? []));
    } catch (error) {
      reasons.push(`render: the server build could not be rendered in the gate's sandbox (${errorText(error, ctx.releaseFolders ?? [])})`);
    }
  }
  return {
    passed: reasons.length === 0,
    reasons,
    checkedAt: new Date().toISOString(),
    ms: Math.round(performance.now() - started),
    renders: renders.map(({ url, ms, ok }) => ({ url, ms, ok })),
  };
}

const MAX_OWNED_SAMPLES = 3;

/**
 * Real pages of the site a remote renders, from the sitemap (the database): up to three whose
 * route the remote owns, one of each kind of page first (a list, a product; a page, a service,
 * a post); the content and the catalogue also on the home page (the content's page, with the
 * catalogue's FeaturedProducts in it); the basket, which owns no page, on the home page and a
 * product page.
 */
export async function gateSampleUrls(sitemap: SitemapSources, remote: RemoteName): Promise<string[]> {
  const entries = await sitemapEntries(sitemap);
  const byKind = new Map<string, Map<RemoteName, string[]>>();
  for (const { path: url } of entries) {
    const match = matchSitePath(url.split('?')[0]!);
    const owner = remoteOfRoute(match);
    if (!owner) continue;
    const kinds = byKind.get(match.kind) ?? new Map<RemoteName, string[]>();
    byKind.set(match.kind, kinds.set(owner, [...(kinds.get(owner) ?? []), url]));
  }
  if (remote === 'basket') return ['/', ...(byKind.get('product')?.get('catalogue')?.slice(0, 1) ?? [])];
  const lists = [...byKind.values()].map((kinds) => kinds.get(remote) ?? []).filter((list) => list.length > 0);
  const owned: string[] = [];
  for (let round = 0; owned.length < MAX_OWNED_SAMPLES && lists.some((list) => list.length > round); round += 1)
    for (const list of lists) if (list[round] !== undefined && owned.length < MAX_OWNED_SAMPLES) owned.push(list[round]!);
  // The home page too: the content's own first page, and the catalogue's featured products.
  return (remote === 'catalogue' || remote === 'content') && !owned.includes('/') ? [...owned, '/'] : owned;
}

/**
 * The gate's script beside the built server (build.mjs); none when running from the TypeScript
 * sources (then checks run in this process: development and tests only). A build without it is
 * broken: the gate refuses every candidate rather than run team code in the server's process.
 */
function builtWorkerFile(): string | null | { missing: string } {
  const file = fileURLToPath(import.meta.url);
  if (file.endsWith('.ts')) return null;
  const here = path.dirname(file);
  const worker = path.join(here, path.basename(here) === 'chunks' ? '..' : '.', 'gate-worker.js');
  return existsSync(worker) ? worker : { missing: path.basename(worker) };
}

/** A release's own folders, from its server entry (<release>/server/remoteEntry.js): the build's root and its server folder. */
function releaseFoldersOf(serverEntry: string): string[] {
  const folder = entryFolder(serverEntry);
  if (!folder) return [];
  return path.basename(folder) === 'server' ? [path.dirname(folder), folder] : [folder];
}

const localEntry = (siteRoot: string, dir: string) => pathToFileURL(path.join(siteRoot, dir, 'dist', 'server', 'remoteEntry.js')).href;

/** Checks run in this process (from the sources): each loads its own copies of the containers. */
let inProcessChecks = 0;

function withQuery(entry: string, value: string): string {
  const url = new URL(entry);
  url.searchParams.set('gate', value);
  return url.href;
}

async function shellShared(siteRoot: string): Promise<SharedRequirement[] | { error: string }> {
  try {
    return sharedOfManifestText(await fs.readFile(path.join(siteRoot, 'shell', 'dist', 'mf-manifest.json'), 'utf8'));
  } catch (error) {
    return { error: errorText(error) };
  }
}

/** What a render check needs of its gate. */
interface CheckRunner {
  siteRoot: string;
  budgetMs: number;
  log: GateLog;
  workerFile: string | null | { missing: string };
  timeoutMs: number;
  /** the sandboxed processes running now (ended when the gate closes) */
  children: Set<ChildProcess>;
  readApi: ReadApi;
}

/** The check in a sandboxed process: it may read the packages and the server folders of the builds it renders, nothing else. */
function sandboxed(runner: CheckRunner, workerFile: string, job: GateRenderJob, candidateEntry: string): Promise<RenderCheck> {
  const sandbox = {
    workerFile,
    readPaths: [...packageReadPaths(path.dirname(workerFile)), ...job.sources.flatMap((source) => entryFolder(source.entry) ?? [])],
    releaseFolders: releaseFoldersOf(candidateEntry),
  };
  return renderInSandbox(sandbox, job, runner.readApi, runner.timeoutMs, runner.log.warn.bind(runner.log), (child) => {
    runner.children.add(child);
    return () => runner.children.delete(child);
  });
}

/** The candidate's required modules loaded and the sample pages rendered with it: in the sandbox when built, else in this process. */
async function renderCheck(runner: CheckRunner, remote: RemoteName, urls: string[], targets: RenderTargets): Promise<RenderCheck> {
  const { siteRoot, budgetMs, log, workerFile, readApi } = runner;
  // Builds on another origin are rendered from their copy on this machine's disk, made here: the
  // gate's process has no network (the copy is what a page's render would load too).
  const entries = await Promise.all(REMOTE_NAMES.map((name) => loadableEntry(targets[name].serverEntry, log)));
  const candidateEntry = entries[REMOTE_NAMES.indexOf(remote)]!;
  if (/^https?:/.test(candidateEntry))
    throw new Error('its server build could not be copied from its origin (server/mf-manifest.json and the files it names)');
  const sources: ContainerSource[] = [
    { name: 'shell', entry: localEntry(siteRoot, 'shell') },
    ...REMOTE_NAMES.map((name, index) => ({ name, entry: entries[index]! })),
  ];
  const job = { remote, sources, urls, budgetMs };
  if (workerFile && typeof workerFile === 'object')
    throw new Error(`${workerFile.missing} is missing beside the built server: the gate does not run team code in the server's process`);
  if (workerFile) return sandboxed(runner, workerFile, job, candidateEntry);
  // In process, the containers already loaded by this process (the live ones, an earlier check)
  // would be reused with their state: each check loads its own copies (a query the file loader ignores).
  inProcessChecks += 1;
  const fresh = sources.map((source) => ({ ...source, entry: withQuery(source.entry, `gate-${inProcessChecks}`) }));
  return renderSamples({ ...job, sources: fresh }, () => readApi, log.warn.bind(log));
}

export function createGate(options: GateOptions): Gate {
  const { siteRoot, budgetMs, log } = options;
  const workerFile = options.workerFile === undefined ? builtWorkerFile() : options.workerFile;
  const timeoutMs = options.renderTimeoutMs ?? 20_000;
  const children = new Set<ChildProcess>();
  let serverProvides: Record<string, string> | null = null;
  let closed = false;

  function liveTargets(): RenderTargets {
    const snapshot = options.live?.();
    return Object.fromEntries(
      REMOTE_NAMES.map((name) => {
        const live = snapshot?.remotes[name]?.live;
        return [
          name,
          live ? { id: live.id, serverEntry: live.serverEntry } : { id: 'local', serverEntry: localEntry(siteRoot, `mfe-${name}`) },
        ];
      }),
    ) as RenderTargets;
  }

  const runner: CheckRunner = {
    siteRoot,
    budgetMs,
    log,
    workerFile,
    timeoutMs,
    children,
    readApi: options.readApi ?? (async () => ({ ok: false, status: 0 })),
  };

  return {
    async check(candidate) {
      if (closed) throw new Error('the release gate is closed');
      const started = performance.now();
      const sampleUrls = await options.sampleUrls(candidate.remote).catch((error: unknown) => {
        log.warn({ remote: candidate.remote, reason: (error as Error).message }, 'release gate: sample pages could not be listed');
        return [];
      });
      serverProvides ??= serverProvidedVersions();
      const result = await checkRelease(candidate, {
        shellProvides: await shellShared(siteRoot),
        serverProvides,
        sampleUrls,
        liveTargets: liveTargets(),
        budgetMs,
        renderSamples: (urls, targets) => renderCheck(runner, candidate.remote, urls, targets),
        releaseFolders: releaseFoldersOf(candidate.serverEntry),
      });
      // the whole check, the sample pages' listing included
      result.ms = Math.round(performance.now() - started);
      log.info(
        {
          remote: candidate.remote,
          release: candidate.id,
          passed: result.passed,
          ms: result.ms,
          renders: result.renders,
          reasons: result.reasons,
        },
        result.passed ? 'release gate: passed' : 'release gate: refused',
      );
      return result;
    },
    async close() {
      closed = true;
      for (const child of children) child.kill('SIGKILL');
    },
  };
}
