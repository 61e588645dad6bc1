// `node scripts/capture-answers.mjs <built checkout> <out dir> [port] [--markup-only]`: what a build answers, for
// checking that a change of structure changes no behaviour (docs/architecture.md "Changing the
// structure, not the behaviour"). Starts the checkout's built server (server/dist/main.js) on a
// fresh VAR_DIR with the embedded defaults, then writes to <out dir>: every sitemap URL's page and
// some pages off the sitemap (status, chosen headers, body), the API answers the pages read and
// more, the answers of failing and succeeding writes, and the e-mails of a quote, an enquiry, a
// service request and two checker reports (.eml files from VAR_DIR/outbox). Hashed file names,
// references, timestamps and MIME boundaries are normalised, and the render budget is raised so a
// slow machine does not leave a part to the browser: two captures of the same behaviour are
// byte-identical. Compare two builds with `diff -r <before> <after>`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const args = process.argv.slice(2);
// --markup-only: class attributes left out and chunk file names reduced to their hash, for a change
// that moves CSS (a CSS Modules class name is a hash too, and composing a class adds one).
const markupOnly = args.includes('--markup-only');
const [repo, out, portArg] = args.filter((arg) => !arg.startsWith('--'));
if (!repo || !out) {
  console.error('usage: capture.mjs <repo> <out> [port]');
  process.exit(2);
}
const port = Number(portArg ?? 8190);
const base = `http://127.0.0.1:${port}`;
const require = createRequire(path.join(path.resolve(repo), 'server', 'package.json'));
const { solveChallenge } = await import(require.resolve('altcha-lib'));
const { deriveKey } = await import(require.resolve('altcha-lib/algorithms/pbkdf2'));
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-var-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  VAR_DIR: varDir,
  RATE_LIMIT_QUOTE_PER_MINUTE: '100000',
  RATE_LIMIT_FORMS_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
  RENDER_BUDGET_MS: '30000',
  PUBLIC_URL: 'https://www.copytech.example',
};
delete env.SMTP_URL;
delete env.REDIS_URL;
delete env.DATABASE_URL;
const server = spawn('node', ['server/dist/main.js'], { cwd: repo, env, stdio: ['ignore', 'inherit', 'inherit'] });
process.on('exit', () => server.kill('SIGKILL'));
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health/ready`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}

const norm = (s) =>
  s
    .replace(/\.[0-9a-f]{10}\.(js|css|png|jpe?g|svg|webp|woff2?)/g, '.HASH.$1')
    .replace(/\b(remoteEntry|mf-manifest)\.[0-9a-f]{8,}\b/g, '$1.HASH')
    .replace(/CT-[0-9A-HJKMNP-TV-Z]{8}/g, 'CT-REF')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, 'TIMESTAMP')
    .replace(/"?(buildVersion|version|generation|releasesVersion)"?\s*:\s*"?[0-9a-f.-]{6,}"?/g, '$1:X')
    .replace(markupOnly ? / class="[^"]*"/g : /$^/, '')
    .replace(markupOnly ? /\/[\w-]+\.HASH\.(js|css)/g : /$^/, '/CHUNK.HASH.$1');
const safe = (u) =>
  u
    .replace(/^\//, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 180) || 'root';
const HEADERS = [
  'content-type',
  'cache-control',
  'x-robots-tag',
  'link',
  'x-remote-releases',
  'vary',
  'location',
  'content-security-policy',
  'set-cookie',
  'retry-after',
];
let writeCount = 0;
async function get(kind, url, init = {}) {
  const res = await fetch(base + url, { redirect: 'manual', ...init, headers: { 'accept-encoding': 'identity', ...(init.headers ?? {}) } });
  const body = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const text = /text|json|xml|javascript|svg/.test(type) ? norm(body.toString('utf8')) : `[${body.length} bytes]`;
  const head = [
    `${init.method ?? 'GET'} ${url}`,
    `status ${res.status}`,
    ...HEADERS.filter((h) => res.headers.has(h)).map((h) => `${h}: ${norm(res.headers.get(h))}`),
  ].join('\n');
  fs.mkdirSync(path.join(out, kind), { recursive: true });
  fs.writeFileSync(
    path.join(out, kind, (init.method === 'POST' ? `${String(writeCount++).padStart(2, '0')}-` : '') + safe(url)),
    `${head}\n\n${text}`,
  );
  return { res, text: body.toString('utf8') };
}

// Pages: every sitemap URL, and some off it.
const sitemap = (await get('text', '/sitemap.xml')).text;
const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname + new URL(m[1]).search);
await get('text', '/robots.txt');
const extra = [
  '/no-such-page',
  '/printers/no-such-thing',
  '/search?q=canon',
  '/search?q=c5840i&page=1',
  '/search?q=',
  '/search?q=zzzz',
  '/search?q=canon&page=99',
  '/printers?page=2',
  '/printers?page=999',
  '/discover-print-savings?machine=canonimagerunneradvancedxc5840i',
  '/discover-print-savings?machine=nope',
  '/blog?page=2',
  '/blog?page=99',
  '/blog/no-such-post',
  '/services/no-such-service',
  '/quote',
  '/printers/multifunctionals?utm_source=x&gclid=y',
];
const productIds = new Set();
for (const url of [...urls, ...extra]) {
  const { text } = await get('pages', url);
  for (const m of text.matchAll(/\/api\/v3\/products\/([a-z0-9-]+)/g)) productIds.add(m[1]);
}
const productPaths = urls.filter((u) => u.split('/').length >= 5).slice(0, 400);
// A product page with its own monthly volumes (GET form).
if (productPaths[0]) await get('pages', `${productPaths[0]}?mono=5000&colour=200`);
// API reads.
const api = [
  '/api/featured-printers',
  '/api/blog/recent',
  '/api/blog?limit=6&offset=0',
  '/api/blog?limit=6&offset=6',
  '/api/search?q=canon',
  '/api/search?q=ricoh%20a3&limit=5',
  '/api/search?q=',
  '/api/search?q=x',
  '/api/search?q=c5840i&page=2',
  '/api/printers/similiar?modelId=canonimagerunneradvancedxc5840i',
  '/api/health/live',
  '/remotes.json',
  '/api/releases/live',
  '/api/v3/products/nope',
  '/api/pages/slug/nope',
  '/api/blog/slug/nope',
  '/api/products/category/printers',
  '/api/printers/multifunctionals',
  '/api/printers/nope',
  '/api/scanners/all',
  '/api/captcha/nope',
  '/favicon.svg',
  '/assets/200/placeholder.png',
];
for (const u of api) await get('api', u);
const htmlAll = fs
  .readdirSync(path.join(out, 'pages'))
  .map((f) => fs.readFileSync(path.join(out, 'pages', f), 'utf8'))
  .join('\n');
const apiUrls = new Set([...htmlAll.matchAll(/"(\/api\/[^"\\]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&')));
for (const u of [...apiUrls].sort()) await get('api', u);
for (const id of [...productIds].sort()) await get('api', `/api/v3/products/${id}`);
// Writes that fail (validation, unknown product) and then the ones that mail.
const post = (url, body, headers = {}) =>
  get('writes', url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const CONTACT = {
  firstName: 'Jo',
  lastName: 'Bloggs',
  email: 'jo.bloggs@example.co.uk',
  phoneNumber: '0116 496 0123',
  postcode: 'LE19 1WX',
};
await post('/api/quote', { productIds: [], contactDetails: CONTACT, eventType: 'QUOTE' });
await post('/api/quote', '{"productIds":');
await post('/api/enquiries/send', { kind: 'enquiry' });
await post('/api/newsletter', { email: 'nope' });
await post('/api/report', {});
const quoteIds = [
  'canonimagerunneradvancedxc5840i',
  'ricohimc2010',
  ...[...productIds].filter((id) => !/^canonimagerunneradvancedxc5840i$|^ricohimc2010$/.test(id)).slice(0, 3),
];
await post(
  '/api/quote',
  { productIds: quoteIds, contactDetails: CONTACT, eventType: 'QUOTE', utm: { utm_source: 'google', utm_medium: 'cpc' } },
  { 'idempotency-key': 'capture-quote-0001' },
);
await post(
  '/api/quote',
  { productIds: quoteIds, contactDetails: CONTACT, eventType: 'QUOTE', utm: { utm_source: 'google', utm_medium: 'cpc' } },
  { 'idempotency-key': 'capture-quote-0001' },
);
await post('/api/enquiries/send', {
  kind: 'enquiry',
  name: 'Jo Bloggs',
  email: 'jo@example.co.uk',
  phone: '0116 496 0123',
  company: 'Bloggs Ltd',
  message: 'We need two A3 colour machines for our new office.',
  consent: true,
});
await post('/api/enquiries/send', {
  kind: 'service-request',
  name: 'Sam Patel',
  email: 'sam@example.co.uk',
  phone: '07700 900123',
  company: 'Patel & Co',
  machine: 'Ricoh IM C3010',
  serialNumber: 'C3010-88421',
  fault: 'Paper jams in tray 2 on every job.\nError code J-501.',
  urgency: 'machine-down',
});
await post('/api/newsletter', { email: 'news@example.co.uk', consent: true });
// A leased machine's answers, as the checker sends them (server/test/fixtures/leaseAnswers.ts).
const answers = {
  entryMode: 'itemised',
  purchaseMethod: 'lease',
  equipmentIsInsured: false,
  equipmentPurchasePeriodYears: 5,
  howIsEquipmentSupported: 'cpc',
  tonerDeliveryPaidFor: false,
  networkSupportPaidFor: false,
  payOtherCharges: false,
  equipmentPurchasePrice: { periodInMonths: 60, value: null },
  leasePricePerPeriod: { value: 27000, periodInMonths: 3 },
  cpcPricePerPeriod: { value: 45000, periodInMonths: 3 },
  warrantyPrice: { periodInMonths: 12, value: null },
  spendPricePerPeriod: { periodInMonths: 3, value: null },
  otherChargesPricePerPeriod: [],
  blackAndWhiteVolume: { value: 15000, periodInMonths: 3 },
  colourVolume: { value: 3000, periodInMonths: 3 },
  copytechPricePerPage: { mono: 0.39, colour: 3.3 },
  bill: { colourPages: null, monoPages: null, pages: null, cost: null, colourRatio: 30, periodInMonths: 3 },
};
for (const machine of [undefined, 'canonimagerunneradvancedxc5840i']) {
  const challenge = await (await fetch(`${base}/api/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
  await post('/api/report', { answers, contactDetails: CONTACT, captcha, ...(machine ? { machine } : {}) });
}
// Mail: the outbox worker writes .eml files; wait for them to settle.
const outbox = path.join(varDir, 'outbox');
let last = -1;
for (let i = 0; i < 60; i++) {
  await new Promise((r) => setTimeout(r, 1000));
  const n = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
  if (n === last && n > 0) break;
  last = n;
}
const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
fs.mkdirSync(path.join(out, 'mail'), { recursive: true });
const mailNorm = (s) =>
  norm(s)
    .replace(/^(Date|Message-ID|X-Outbox-Id): .*$/gim, '$1: X')
    .replace(/(boundary="?)[^";\r\n]+/g, '$1B')
    .replace(/^--[-_A-Za-z0-9=.]{10,}(--)?\r?$/gm, '--B$1');
const named = mails
  .map((f) => {
    const text = mailNorm(fs.readFileSync(path.join(outbox, f), 'utf8'));
    const to = text.match(/^To: (.*)$/m)?.[1] ?? '';
    const subject = text.match(/^Subject: (.*)$/m)?.[1] ?? '';
    return { key: `${to} ${subject}`, text };
  })
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.text < b.text ? -1 : 1));
named.forEach((m, i) => fs.writeFileSync(path.join(out, 'mail', `${String(i).padStart(2, '0')}.eml`), m.text));
console.log(
  `captured ${urls.length + extra.length} pages, ${fs.readdirSync(path.join(out, 'api')).length} API answers, ${fs.readdirSync(path.join(out, 'writes')).length} writes, ${named.length} mails into ${out}`,
);
server.kill('SIGTERM');
process.exit(0);
