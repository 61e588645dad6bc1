/**
 * A site with hand-written server builds (the real ones are built later in `npm test`; the e2e
 * tests render with them) and releases of a remote as the registry keeps them, for the tests of
 * what a request does with releases (selection, rendering with a selection, preview, canary).
 *
 * - siteWithReleases(): a site root with the shell's page and server build (its ServerApp renders
 *   a checker slot and a content slot, as RemoteSlot does on the server) and each remote's local
 *   build (its server container says "<remote> local"), with its browser manifest.
 * - storeRelease(): another build of a remote in a folder of its own, as the release store keeps
 *   one: its server container says what it is told to, or throws while rendering.
 * - TestReleases: a ReleasesService over those releases whose pointers the test changes, with
 *   preview tokens signed as the registry signs them (base64url payload '.' HMAC-SHA256), page-view
 *   tokens signed by the registry's own code with a test key, and the health reports it is given.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type {
  CanaryReport,
  LiveSnapshot,
  PageViewClaim,
  PreviewCheck,
  PreviewClaim,
  Release,
  ReleasesService,
} from '../src/pages/releases/model';
import { PAGE_VIEW_TOKEN_MS, signPageView, verifyPageView } from '../src/features/releases/pageViews';
import { tempDir } from './helpers';

export const TEMPLATE =
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Copytech</title>' +
  '<link rel=preload as=style href=/main.0123456789.css></head><body><div id=root></div><script defer src=/main.js></script></body></html>';

const SHELL = `
const React = require('react');
function Slot({ remotes, id }) {
  const Exposed = remotes.component(id);
  return React.createElement('div', { 'data-remote': id.split('/')[0] }, React.createElement(React.Suspense, { fallback: null }, React.createElement(Exposed, {})));
}
function ServerApp({ url, remotes }) {
  return React.createElement('main', null, React.createElement('h1', null, 'Page ' + url),
    React.createElement(Slot, { remotes, id: 'checker/SavingsChecker' }), React.createElement(Slot, { remotes, id: 'content/ContentPage' }));
}
module.exports = { shell: { init: async () => undefined, get: async () => () => ({ default: ServerApp, __esModule: true }) } };
`;

/** A remote's server container whose every exposed module renders `text` (or throws it). */
export function container(remote: RemoteName, text: string, throws: boolean): string {
  const body = throws
    ? `throw new Error(${JSON.stringify(text)})`
    : `return React.createElement('p', { className: 'said' }, ${JSON.stringify(text)})`;
  return `
const React = require('react');
function Exposed() { ${body}; }
module.exports = { ${remote}: { init: async () => undefined, get: async () => () => ({ default: Exposed, __esModule: true }) } };
`;
}

const browserManifest = (css: string) =>
  JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    exposes: [
      { name: 'SavingsChecker', assets: { css: { sync: [css], async: [] }, js: { sync: [] } } },
      { name: 'ContentPage', assets: { css: { sync: [css], async: [] }, js: { sync: [] } } },
    ],
  });

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

export function siteWithReleases(): string {
  const siteRoot = tempDir('ct-releases-site-');
  write(path.join(siteRoot, 'shell/dist/index.html'), TEMPLATE);
  write(path.join(siteRoot, 'shell/dist/server/remoteEntry.js'), SHELL);
  for (const remote of REMOTE_NAMES) {
    write(path.join(siteRoot, `mfe-${remote}/dist/server/remoteEntry.js`), container(remote, `${remote} local`, false));
    write(path.join(siteRoot, `mfe-${remote}/dist/mf-manifest.json`), browserManifest(`static/css/${remote}.local.css`));
    write(path.join(siteRoot, `mfe-${remote}/dist/remoteEntry.js`), `var ${remote};`);
  }
  return siteRoot;
}

export function localRelease(siteRoot: string, remote: RemoteName): Release {
  return {
    remote,
    id: 'local',
    source: 'local',
    manifestUrl: `/remotes/${remote}/mf-manifest.json`,
    serverEntry: pathToFileURL(path.join(siteRoot, `mfe-${remote}`, 'dist', 'server', 'remoteEntry.js')).href,
    browser: null,
    shared: [],
    exposes: [],
    gate: null,
    registeredAt: '2026-11-20T09:00:00.000Z',
    registeredBy: 'local',
  };
}

/** Another build of `remote`, kept in a folder of its own (a store's, or an origin's when `origin` is given). */
export function storeRelease(remote: RemoteName, id: string, text: string, options: { throws?: boolean; origin?: string } = {}): Release {
  const folder = tempDir(`ct-release-${remote}-`);
  write(path.join(folder, 'server/remoteEntry.js'), container(remote, text, options.throws ?? false));
  const manifestUrl = options.origin ? `${options.origin}/${remote}/${id}/mf-manifest.json` : `/releases/${remote}/${id}/mf-manifest.json`;
  const css = { css: [`static/css/${remote}.${id}.css`], js: [] };
  return {
    remote,
    id,
    source: options.origin ? 'origin' : 'store',
    manifestUrl,
    serverEntry: pathToFileURL(path.join(folder, 'server', 'remoteEntry.js')).href,
    browser: { entryFile: 'remoteEntry.js', exposes: { SavingsChecker: css, ContentPage: css } },
    shared: [],
    exposes: ['SavingsChecker', 'ContentPage'],
    gate: null,
    registeredAt: '2026-11-21T09:00:00.000Z',
    registeredBy: 'ci',
  };
}

const KEY = 'test-preview-signing-key';
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A preview token as the registry signs it (made now unless `issuedAt` says when); `key` another key makes a forged one. */
export function previewToken(claim: Omit<PreviewClaim, 'issuedAt'> & { issuedAt?: number }, key = KEY): string {
  const payload = b64(JSON.stringify({ r: claim.remote, i: claim.release, m: claim.issuedAt ?? Date.now(), e: claim.expiresAt }));
  return `${payload}.${b64(createHmac('sha256', key).update(payload).digest())}`;
}

export class TestReleases implements ReleasesService {
  kept: Release[];
  current: LiveSnapshot;
  /** the health reports the beacon passed, as `remote@release failure` (`-` for none) */
  reports: string[] = [];
  private listeners = new Set<(snapshot: LiveSnapshot) => void>();
  now = () => Date.now();

  constructor(siteRoot: string, others: Release[] = []) {
    const live = Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, { live: localRelease(siteRoot, remote), canary: null }]));
    this.current = { version: 1, remotes: live as LiveSnapshot['remotes'] };
    this.kept = [...REMOTE_NAMES.map((remote) => this.current.remotes[remote].live), ...others];
  }

  health = {
    report: (report: CanaryReport) => void this.reports.push(`${report.remote}@${report.release} ${report.failure ?? '-'}`),
  };

  readonly pageViewKey = Buffer.from('test-page-view-signing-key');
  signPageView = (claim: Omit<PageViewClaim, 'expiresAt'>) =>
    signPageView(this.pageViewKey, { ...claim, expiresAt: this.now() + PAGE_VIEW_TOKEN_MS });
  verifyPageView = (token: string) => verifyPageView(this.pageViewKey, token, this.now());

  snapshot = () => this.current;
  find = (remote: RemoteName, id: string) => this.kept.find((release) => release.remote === remote && release.id === id) ?? null;
  subscribe = (listener: (snapshot: LiveSnapshot) => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** A new snapshot with `remote` changed: a promote (live), a canary, or an end of the canary. */
  set(remote: RemoteName, change: { live?: Release; canary?: { release: Release; percent: number } | null }): void {
    const before = this.current.remotes[remote];
    const remotes = {
      ...this.current.remotes,
      [remote]: { live: change.live ?? before.live, canary: change.canary === undefined ? before.canary : change.canary },
    };
    this.current = { version: this.current.version + 1, remotes };
    for (const listener of this.listeners) listener(this.current);
  }

  verifyPreview = (token: string): PreviewCheck => {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return { ok: false, reason: 'malformed' };
    let claim: { r?: unknown; i?: unknown; m?: unknown; e?: unknown };
    try {
      claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claim;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (b64(createHmac('sha256', KEY).update(payload).digest()) !== signature) return { ok: false, reason: 'forged' };
    if (typeof claim.e !== 'number' || claim.e < this.now()) return { ok: false, reason: 'expired' };
    const release = this.find(claim.r as RemoteName, String(claim.i));
    if (!release) return { ok: false, reason: 'unknown release' };
    return { ok: true, claim: { remote: release.remote, release: release.id, issuedAt: Number(claim.m ?? 0), expiresAt: claim.e } };
  };
}

/** The app's `releases` answer from `releases` from now on (the registry's place, for the test). */
export function useReleases(app: FastifyInstance, releases: TestReleases): void {
  Object.assign(app.releases, {
    snapshot: releases.snapshot,
    find: releases.find,
    subscribe: releases.subscribe,
    health: releases.health,
    verifyPreview: releases.verifyPreview,
    signPageView: releases.signPageView,
    verifyPageView: releases.verifyPageView,
  });
}
