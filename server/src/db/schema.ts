/**
 * The database tables as Kysely sees them. Columns hold plain types every SQL database has
 * (text, integer, bigint), JSON documents as text, and times as ISO text or epoch milliseconds,
 * so the same queries run on SQLite and PostgreSQL.
 */
import type { ColumnType, Insertable, Selectable } from 'kysely';

export interface ProductsTable {
  model_id: string;
  brand: string;
  model: string;
  /** slugify(brand), slugify(model): how image and page URLs name the product */
  brand_slug: string;
  model_slug: string;
  category: string;
  specification: string | null;
  /** multifunctionals | print-only | production | plotters, or null for other kinds */
  printer_type: string | null;
  /** personal | desktop-workgroup | departmental | production, or null */
  scanner_class: string | null;
  /** printer | scanner | finisher | other */
  kind: string;
  /** 1 colour, 0 mono, null unknown (scanners, finishers) */
  is_colour: number | null;
  paper_size: string | null;
  /** a3 | a4 | null (paperClassOf) */
  paper_class: string | null;
  max_paper_size: string | null;
  /** print speed for printers, scan speed for scanners (the lists' speed field) */
  speed_ppm: number | null;
  price_from: number | null;
  lease_60: number | null;
  is_active: number;
  featured: number;
  /** lower-case brand, model and modelId, for the q search */
  search_text: string;
  /** the Product as the API returns it, without isActive (which is the column above) */
  data: string;
  /** sha256 of what the seed file said, so a re-run with unchanged data writes nothing */
  source_hash: string;
  /** 1 while the product is in the seed files; 0 once removed from them (then it is also inactive) */
  in_source: number;
  updated_at: string;
}

export interface PagesTable {
  slug: string;
  kind: string;
  data: string;
  source_hash: string;
  updated_at: string;
}

export interface BlogPostsTable {
  slug: string;
  published_at: string;
  data: string;
  source_hash: string;
  updated_at: string;
}

export interface QuotesTable {
  reference: string;
  created_at: string;
  /** JSON: the products as quoted (brand, model, category, prices in pence) */
  products: string;
  /** JSON: ContactDetails */
  contact: string;
  /** JSON: first-touch utm_* values */
  utm: string;
}

export interface EnquiriesTable {
  reference: string;
  kind: string;
  created_at: string;
  /** JSON: the validated request */
  data: string;
}

export interface NewsletterSignupsTable {
  /** lower-cased */
  email: string;
  first_name: string | null;
  form_id: string | null;
  form_name: string | null;
  created_at: string;
}

export interface IdempotencyKeysTable {
  /** '{scope}:{Idempotency-Key}' */
  key: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: string;
  /** epoch ms after which the key is forgotten */
  expires_at: number;
}

export interface OutboxTable {
  id: string;
  /** mail | enquiry-api | mautic */
  channel: string;
  /** what the message is, e.g. quote-visitor, quote-sales (for logs and tests) */
  kind: string;
  /** the quote or enquiry reference it belongs to, if any */
  reference: string | null;
  /** JSON: what to deliver */
  payload: string;
  /** pending | sent | dead */
  status: string;
  attempts: number;
  /** epoch ms: not before this */
  next_attempt_at: number;
  /** never contains personal data: error codes and messages from the transport */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** 0 the visitor's own mail, 1 staff notifications, 2 outside services: claimed in that order */
  priority: ColumnType<number, number | undefined, number>;
  /** the worker whose lease a pending row is under (renewed while it is being delivered) */
  claimed_by: string | null;
}

export interface Database {
  products: ProductsTable;
  pages: PagesTable;
  blog_posts: BlogPostsTable;
  quotes: QuotesTable;
  enquiries: EnquiriesTable;
  newsletter_signups: NewsletterSignupsTable;
  idempotency_keys: IdempotencyKeysTable;
  outbox: OutboxTable;
  remote_releases: RemoteReleasesTable;
  remote_pointers: RemotePointersTable;
  release_history: ReleaseHistoryTable;
  release_health: ReleaseHealthTable;
  release_instances: ReleaseInstancesTable;
  release_settings: ReleaseSettingsTable;
  deploy_tokens: DeployTokensTable;
  preview_revocations: PreviewRevocationsTable;
  release_marks: ReleaseMarksTable;
  release_beacon_reports: ReleaseBeaconReportsTable;
}

/** One kept release of a remote (pages/releases/model.ts Release; JSON documents as text). */
export interface RemoteReleasesTable {
  remote: string;
  id: string;
  /** local | store | origin */
  source: string;
  manifest_url: string;
  server_entry: string;
  /** JSON { entryFile, exposes } or null for `local` */
  browser: string | null;
  /** JSON SharedRequirement[] */
  shared: string;
  /** JSON string[] */
  exposes: string;
  /** JSON GateResult, or null (local, seeded) */
  gate: string | null;
  registered_at: string;
  registered_by: string;
}

/** The live pointer of a remote, and its canary if one runs. */
export interface RemotePointersTable {
  remote: string;
  live_release: string;
  canary_release: string | null;
  canary_percent: number | null;
  /** epoch ms: when the canary's window ends (canaryReportsMigration.ts); null without a canary */
  canary_ends_at: number | null;
  updated_at: string;
}

/** Every change of a pointer; the largest id is the pointers' version. */
export interface ReleaseHistoryTable {
  id: ColumnType<number, number, never>;
  remote: string;
  /** seed | promote | canary | rollback | auto-rollback */
  action: string;
  from_release: string | null;
  to_release: string | null;
  percent: number | null;
  actor: string;
  reason: string | null;
  at: string;
}

/** A release's views and failures, added to by every instance (counters only: bounded). */
export interface ReleaseHealthTable {
  remote: string;
  release: string;
  views: ColumnType<number, number | undefined, number>;
  server_failures: ColumnType<number, number | undefined, number>;
  browser_failures: ColumnType<number, number | undefined, number>;
}

/** Each running instance's heartbeat: its release store and the pointer version it applied. */
export interface ReleaseInstancesTable {
  instance_id: string;
  store_id: string;
  pid: number;
  hostname: string;
  pointer_version: number;
  /** epoch ms */
  seen_at: number;
}

export interface ReleaseSettingsTable {
  key: string;
  value: string;
}

/** A deploy token (features/releases/credentials.ts): its SHA-256, never the token. */
export interface DeployTokensTable {
  id: string;
  /** a remote's name, or platform */
  scope: string;
  label: string;
  /** SHA-256 of the token's text, 64 hexadecimal digits */
  token_hash: string;
  /** DEPLOY_TOKENS | local | api */
  source: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** The preview links of a remote (release '*') or of one release made at or before made_before are revoked. */
export interface PreviewRevocationsTable {
  remote: string;
  release: string;
  /** epoch ms */
  made_before: number;
  revoked_at: string;
  revoked_by: string;
}

/** A version per kind of change the release poll follows (`credentials`: tokens and revocations). */
export interface ReleaseMarksTable {
  name: string;
  version: number;
}

/** A browser's report counted for a canary: one per page view and remote, kept until its token expires. */
export interface ReleaseBeaconReportsTable {
  page_view: string;
  remote: string;
  release: string;
  /** server | browser, or null for a view that did not fail */
  failure: string | null;
  /** epoch ms */
  expires_at: number;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type OutboxRow = Selectable<OutboxTable>;
