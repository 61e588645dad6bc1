/**
 * The release registry's vocabulary (docs/architecture.md "Releases of a remote"), shared by the
 * registry (registry.ts: the database, the API, the live pointer held in memory), the gate
 * (gate.ts) and the requests that use a release (selection.ts: live, canary or preview).
 *
 * A release is one build of one remote, browser and server builds together, immutable once
 * registered. Its id is a content hash (12 hex digits) of its files (uploaded to the server's
 * release store) or of its manifests and origin (registered from another origin), so registering
 * the same build twice gives the same release. The one exception is `local`: the remote's build
 * in its own dist folder, followed as it is rebuilt in place (the embedded default, development
 * and QA).
 */
import type { RemoteName } from '@copytech/shared/domain';

export const LOCAL_RELEASE = 'local';
/** A release id: `local`, or 12 lowercase hex digits. */
export const RELEASE_ID = /^(?:local|[0-9a-f]{12})$/;

/** A shared package as a build's manifest states it (mf-manifest.json `shared`). */
export interface SharedRequirement {
  name: string;
  /** the version the build provides (and was built with) */
  version: string;
  /** the range it requires of the package's provider ('^4.0.0'); '' or '*' for any */
  requiredVersion: string;
  singleton: boolean;
}

/** The files an exposed module needs in the browser, relative to the release's browser folder. */
export interface ExposeFiles {
  css: string[];
  js: string[];
}

export interface GateResult {
  passed: boolean;
  /** every reason for a refusal, each naming what failed (empty when passed) */
  reasons: string[];
  /** ISO time of the check */
  checkedAt: string;
  /** how long the whole gate took */
  ms: number;
  /** the sample pages rendered with the candidate, and how long each took */
  renders: Array<{ url: string; ms: number; ok: boolean }>;
}

export type ReleaseSource = 'local' | 'store' | 'origin';

export interface Release {
  remote: RemoteName;
  id: string;
  /** local: the remote's dist folder; store: this server's release store; origin: another origin (a CDN) */
  source: ReleaseSource;
  /** The browser manifest's URL as a page loads it: '/remotes/x/mf-manifest.json', '/releases/x/<id>/mf-manifest.json' or absolute. */
  manifestUrl: string;
  /** The server build's entry (server/remoteEntry.js): a file:// URL (local, store) or an http(s):// one (origin). */
  serverEntry: string;
  /**
   * The browser manifest's entry script (relative to the manifest's folder) and each exposed
   * module's files; null for `local`, whose manifest is read from disk as it is rebuilt.
   */
  browser: { entryFile: string; exposes: Record<string, ExposeFiles> } | null;
  /** shared packages as the browser manifest states them */
  shared: SharedRequirement[];
  /** the exposed modules' names ('CatalogueRoutes') */
  exposes: string[];
  /** the gate's last verdict; null for `local` and for a release seeded from REMOTE_*_URL */
  gate: GateResult | null;
  registeredAt: string;
  /** the deploy token's label, 'local', or 'REMOTE_CHECKER_URL' for a seed */
  registeredBy: string;
}

export interface Canary {
  release: Release;
  /** 1..99: the share of visitors who get the candidate */
  percent: number;
  /**
   * epoch ms: when the canary's window ends (`promote --percent N --hours H`) and it ends by
   * itself unless it was promoted before; null for a canary started before windows existed
   */
  endsAt?: number | null;
}

export interface RemoteLive {
  live: Release;
  canary: Canary | null;
}

/** Every remote's live pointer, as every request reads it: in memory, replaced whole on a change. */
export interface LiveSnapshot {
  /** increases with every change of any pointer (the registry's history id) */
  version: number;
  remotes: Record<RemoteName, RemoteLive>;
}

/** What requests read: never the database. */
export interface LiveReleases {
  snapshot(): LiveSnapshot;
  /** a kept release, by id (for a preview), from memory */
  find(remote: RemoteName, id: string): Release | null;
  /** called with each new snapshot; returns the unsubscribe */
  subscribe(listener: (snapshot: LiveSnapshot) => void): () => void;
}

/** The release a request uses for one remote, and why. */
export interface ChosenRelease {
  release: Release;
  as: 'live' | 'canary' | 'preview';
}
export type Selection = Record<RemoteName, ChosenRelease>;

/** Where a render process finds each remote's server build: what a render needs of a selection. */
export type RenderTargets = Record<RemoteName, { id: string; serverEntry: string }>;

/**
 * What a page that uses canary releases carries, signed (features/releases/pageViews.ts): one page
 * view, the canary release of each remote it chose as canary, the remotes whose server render of
 * the canary failed, until when its reports count.
 */
export interface PageViewClaim {
  /** random, one per page view (22 base64url characters) */
  pageView: string;
  canaries: Partial<Record<RemoteName, string>>;
  serverFailed: RemoteName[];
  /** epoch ms */
  expiresAt: number;
}

export type PageViewCheck = { ok: true; claim: PageViewClaim } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

/**
 * A browser's report of one canary remote on one page view that passed every check of the beacon
 * (features/releases/beaconRoutes.ts): a view of the release, and a failure when the browser said
 * it failed (`browser`) or the page's token says its server render failed (`server`).
 */
export interface CanaryReport {
  pageView: string;
  remote: RemoteName;
  release: string;
  failure: 'server' | 'browser' | null;
  /** epoch ms: the token's expiry (the spent pair is kept until then) */
  expiresAt: number;
}

/** A running canary's health: what the release API (`list`) and the metrics show. */
export interface CanaryFigures {
  remote: RemoteName;
  release: string;
  views: number;
  serverFailures: number;
  browserFailures: number;
  /** (server + browser failures) / views; 0 before any view */
  failureRate: number;
  /** CANARY_MAX_FAILURE_RATE */
  maxFailureRate: number;
  /** CANARY_MIN_VIEWS */
  minViews: number;
  /** when its window ends (ISO), and the whole seconds left; null for a canary without one */
  endsAt: string | null;
  secondsLeft: number | null;
}

/** A canary's health, counted by every instance from browsers' reports (features/releases/health.ts). */
export interface ReleaseHealth {
  /** a report that passed the beacon's checks: counted at the next flush, once per page view and remote over every instance */
  report(report: CanaryReport): void;
}

/** What a preview link carries, signed: which release of which remote, when it was made, until when. */
export interface PreviewClaim {
  remote: RemoteName;
  release: string;
  /** epoch ms; 0 for a link made before links said when (any revocation of its release revokes it) */
  issuedAt: number;
  /** epoch ms */
  expiresAt: number;
}

export type PreviewCheck =
  { ok: true; claim: PreviewClaim } | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'revoked' | 'unknown release' };

/** The registry as the rest of the server sees it (`app.releases`, features/releases/releasesPlugin.ts). */
export interface ReleasesService extends LiveReleases {
  health: ReleaseHealth;
  /** Checks a preview link's token: its signature, its expiry, that it was not revoked, and that the release is kept. */
  verifyPreview(token: string): PreviewCheck;
  /** The signed token of a page view that uses canary releases, valid for PAGE_VIEW_TOKEN_MS from now (features/releases/pageViews.ts). */
  signPageView(claim: Omit<PageViewClaim, 'expiresAt'>): string;
  /** Checks a page view's token: its signature and its expiry (not what it names). */
  verifyPageView(token: string): PageViewCheck;
}
