/**
 * No secret in any built file. Everything under shell/dist and mfe-*\/dist is
 * public: the server hands it to any browser. `npm test` builds before the e2e run, so this
 * reads the build the other specs test.
 *
 * Checked: the names of the server's secret settings (a bundle that mentions ENQUIRY_API_KEY is
 * reading server configuration it must never see), the values of those settings when the test's
 * environment has them (CI can set distinctive fake ones), credentials in well-known formats,
 * private keys, no server-only package bundled, no build environment inlined wholesale (npm's
 * own variables would then be there), and no inline script a strict CSP would refuse.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { APPS as ALL_APPS } from '@copytech/shared/apps';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../support/server';

const APPS = ALL_APPS.map((app) => app.folder);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

// The .br and .gz copies the build writes beside each text file hold the same bytes, compressed:
// the originals are what is scanned.
const built = APPS.flatMap((app) => filesUnder(path.join(REPO_ROOT, app, 'dist')))
  .filter((file) => !/\.(br|gz)$/.test(file))
  .map((file) => ({
    file: path.relative(REPO_ROOT, file),
    text: readFileSync(file, 'latin1'), // byte for byte: binary files are scanned too
  }));

/** [what it is, how to find it] */
const FORBIDDEN: Array<[string, RegExp]> = [
  // The server's secret settings, by name.
  ['the ENQUIRY_API_KEY setting', /ENQUIRY_API_KEY/],
  ['the ENQUIRY_API_URL setting', /ENQUIRY_API_URL/],
  ['the ALTCHA_HMAC_KEY setting', /ALTCHA_HMAC_KEY/],
  ['the SMTP_URL setting', /SMTP_URL/],
  ['an SMTP password setting', /SMTP_PASS/i],
  ['the hosted enquiry API key header', /X-API-Key/i],
  ['an SMTP URL', /smtps?:\/\//i],
  // Credentials in well-known formats.
  ['a PEM private key or certificate', /-----BEGIN [A-Z ]*(PRIVATE KEY|CERTIFICATE)-----/],
  ['an AWS access key id', /\bAKIA[0-9A-Z]{16}\b/],
  ['a Stripe live key', /\b[sr]k_live_[0-9A-Za-z]{10,}/],
  ['a Slack token', /\bxox[abprs]-[0-9A-Za-z-]{10,}/],
  ['a GitHub token', /\bgh[pousr]_[0-9A-Za-z]{36}\b/],
  ['a Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['a password in a URL', /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@"'`]+:[^/\s:@"'`]+@[a-z0-9.-]+/i],
  // Server-only code.
  ['better-sqlite3 (server only)', /better-sqlite3/],
  ['nodemailer (server only)', /nodemailer/],
  ['kysely (server only)', /kysely/i],
  ['fastify (server only)', /fastify/i],
  ['altcha-lib, the server half of the human check', /altcha-lib/],
  ['the server source', /server\/src\//],
  // A build that inlined its whole environment would carry npm's own variables.
  ['the build environment (npm_* variables)', /npm_(config|lifecycle|package)_/],
];

test('there is a build to scan', () => {
  for (const app of APPS)
    expect(
      built.some((entry) => entry.file.startsWith(`${app}/dist/`)),
      `${app}/dist has files`,
    ).toBe(true);
  expect(built.length).toBeGreaterThan(20);
});

test('no secret, credential or server-only code in any built file', () => {
  const found: string[] = [];
  for (const { file, text } of built) {
    for (const [what, pattern] of FORBIDDEN) {
      const match = pattern.exec(text);
      if (match)
        found.push(
          `${file}: ${what} ("…${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).replace(/\s+/g, ' ')}…")`,
        );
    }
  }
  expect(found).toEqual([]);
});

test('the values of the server secrets in this environment appear in no built file', () => {
  const secrets = ['ENQUIRY_API_KEY', 'ALTCHA_HMAC_KEY', 'SMTP_URL', 'SMTP_PASSWORD', 'MAUTIC_URL', 'ENQUIRY_API_URL']
    .flatMap((name) => {
      const value = process.env[name];
      if (!value) return [];
      // For URLs also the password alone (smtps://user:password@host).
      const password = /^[a-z]+:\/\/[^:/]+:([^@]+)@/i.exec(value)?.[1];
      return [[name, value], ...(password ? [[`${name} password`, decodeURIComponent(password)]] : [])] as Array<[string, string]>;
    })
    .filter(([, value]) => value.length >= 8);
  // The same check against the whole environment of this run would also flag harmless values
  // (PATH, HOME); its PATH is the telling one: only a build that inlined process.env has it.
  const pathValue = process.env.PATH ?? '';
  if (pathValue.split(':').length > 2) secrets.push(['the PATH of the build environment', pathValue]);
  const found = built.flatMap(({ file, text }) => secrets.filter(([, value]) => text.includes(value)).map(([name]) => `${file}: ${name}`));
  expect(found).toEqual([]);
});

test('every script in the built HTML pages is a file: a CSP without unsafe-inline refuses nothing', () => {
  const pages = built.filter(({ file }) => file.endsWith('.html'));
  expect(pages.length).toBeGreaterThanOrEqual(APPS.length);
  for (const { file, text } of pages) {
    const scripts = text.match(/<script\b[^>]*>/gi) ?? [];
    expect(scripts.length, `${file} loads its code`).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, `${file}: every <script> has a src`).toMatch(/\ssrc=/i);
    expect(text, `${file}: no inline event handler`).not.toMatch(/\son[a-z]+=/i);
    expect(text, `${file}: no javascript: URL`).not.toMatch(/javascript:/i);
  }
});

test('the federation runtime (core, bundler runtime, runtime API) is built once per app, into federation-runtime.*.js, and into no app bundle', () => {
  // The browser's files: a server build (dist/server, run by the server) carries its own runtime.
  const scripts = built.filter(({ file }) => file.endsWith('.js') && !file.includes(`${path.sep}dist${path.sep}server${path.sep}`));
  const runtimeFiles = APPS.map(
    (app) =>
      scripts.find(({ file }) => file.startsWith(`${app}/dist/federation-runtime.`))?.file ??
      `${app}/dist/federation-runtime.*.js is missing`,
  ).sort();
  const MARKERS = {
    // hook names only the runtime core defines (our own code never spells them)
    core: /beforeInitContainer|\[ Federation Runtime \]/,
    // @module-federation/webpack-bundler-runtime's init, which main.js and every remoteEntry.js bundled
    'bundler runtime': /initOptions is required!/,
    // @module-federation/runtime's instance API (loadRemote, registerRemotes, ...), used by remoteRegistry
    'runtime API': /Please call createInstance first/,
  };
  for (const [part, marker] of Object.entries(MARKERS)) {
    const carriers = scripts.filter(({ text }) => marker.test(text)).map(({ file }) => file);
    expect(carriers.sort(), `the files that carry the ${part}`).toEqual(runtimeFiles);
  }
  // Every page of an app loads it before its own entry script (deferred scripts run in order).
  for (const { file, text } of built.filter(({ file }) => file.endsWith('.html'))) {
    const order = [...text.matchAll(/<script\b[^>]*\ssrc="?([^"\s>]+)/gi)].map((m) => m[1]!.replace(/^.*\//, ''));
    expect(order[0], `${file} loads the runtime first`).toMatch(/^federation-runtime\.[0-9a-f]{10}\.js$/);
  }
});
