/**
 * What an operator meets: a wrong DATA_DIR never empties the live catalogue; start-up problems are
 * one line naming the setting and the path; a damaged database is refused at start; health tells
 * liveness from readiness and says why it is degraded; an unwritable image cache still serves images.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { REPO_ROOT, StartupError } from '../src/config';
import { DATABASE_FILENAME, openDatabase } from '../src/db/database';
import { C5850I, fixtureDataCopy, manualClock, tempDir, testApp, testConfig } from './helpers';

/** An app whose log lines are kept, to read what it warned about. */
async function loggedApp(config: ReturnType<typeof testConfig>) {
  const lines: Array<{ level: number; msg: string } & Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({ config: { ...config, logLevel: 'info' }, logger: { stream } as never, outbox: { autoStart: false } });
  await app.ready();
  return { app, lines };
}

const activeCount = async (app: FastifyInstance) =>
  Number(
    (
      await app.db
        .selectFrom('products')
        .where('is_active', '=', 1)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the seed never empties the live catalogue by accident', () => {
  it('refuses a DATA_DIR that does not exist, and leaves every product active', async () => {
    const varDir = tempDir('ct-ops-');
    const first = await testApp(testConfig({ varDir, dataDir: fixtureDataCopy() }));
    const before = await activeCount(first);
    await first.close();
    expect(before).toBeGreaterThan(5);

    await expect(testApp(testConfig({ varDir, dataDir: '/nonexistent' }))).rejects.toThrow(
      'DATA_DIR /nonexistent does not exist or is not a folder',
    );
    const again = await testApp(testConfig({ varDir, dataDir: fixtureDataCopy() }));
    try {
      expect(await activeCount(again)).toBe(before);
      expect((await again.db.selectFrom('pages').select('slug').execute()).length).toBe(2);
    } finally {
      await again.close();
    }
  });

  it('refuses a data folder with no products or no pages', async () => {
    const noProducts = fixtureDataCopy();
    fs.rmSync(path.join(noProducts, 'catalogue'), { recursive: true });
    fs.mkdirSync(path.join(noProducts, 'catalogue'));
    await expect(testApp(testConfig({ dataDir: noProducts }))).rejects.toThrow(/holds no products: .*catalogue has no \*\.json file/);
    const emptyFile = fixtureDataCopy();
    for (const file of fs.readdirSync(path.join(emptyFile, 'catalogue'))) fs.writeFileSync(path.join(emptyFile, 'catalogue', file), '[]');
    await expect(testApp(testConfig({ dataDir: emptyFile }))).rejects.toThrow(/holds no products/);
    const noBlog = fixtureDataCopy();
    fs.rmSync(path.join(noBlog, 'content', 'blog.json'));
    await expect(testApp(testConfig({ dataDir: noBlog, seedPrune: true }))).rejects.toThrow(
      /no content\/blog\.json: SEED_PRUNE would remove every blog post/,
    );
    const noPages = fixtureDataCopy();
    fs.rmSync(path.join(noPages, 'content', 'pages'), { recursive: true });
    await expect(testApp(testConfig({ dataDir: noPages }))).rejects.toThrow(/holds no pages/);
  });

  it('keeps what the files no longer list unless SEED_PRUNE is set, and warns with the counts either way', async () => {
    const varDir = tempDir('ct-ops-');
    const dataDir = fixtureDataCopy();
    await (await testApp(testConfig({ varDir, dataDir }))).close();
    const file = path.join(dataDir, 'catalogue', 'printers.json');
    fs.writeFileSync(
      file,
      JSON.stringify(
        (JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ model: string }>).filter((p) => p.model !== 'imageRUNNER ADVANCE DX C5850i'),
      ),
    );
    fs.rmSync(path.join(dataDir, 'content', 'pages', 'print-audit.json'));

    const kept = await loggedApp(testConfig({ varDir, dataDir }));
    try {
      expect((await kept.app.inject({ method: 'GET', url: `/api/v3/products/${C5850I}` })).json().isActive).toBe(1);
      expect((await kept.app.inject({ method: 'GET', url: '/api/pages/slug/print-audit' })).statusCode).toBe(200);
      const warning = kept.lines.find((line) => line.level === 40 && /no longer lists/.test(line.msg));
      expect(warning).toMatchObject({ products: 1, pages: 1, posts: 0 });
      expect(warning!.msg).toContain('SEED_PRUNE=1');
    } finally {
      await kept.app.close();
    }

    const pruned = await loggedApp(testConfig({ varDir, dataDir, seedPrune: true }));
    try {
      expect((await pruned.app.inject({ method: 'GET', url: `/api/v3/products/${C5850I}` })).json().isActive).toBe(0);
      expect((await pruned.app.inject({ method: 'GET', url: '/api/pages/slug/print-audit' })).statusCode).toBe(404);
      expect(pruned.lines.find((line) => line.level === 40 && /pruned/.test(line.msg))).toMatchObject({
        retired: 1,
        pagesRemoved: 1,
        postsRemoved: 0,
      });
    } finally {
      await pruned.app.close();
    }
  });
});

describe('start-up problems', () => {
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const start = (env: Record<string, string>) =>
    spawnSync(tsx, [path.join(REPO_ROOT, 'server', 'src', 'main.ts')], {
      env: { ...process.env, PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'silent', VAR_DIR: tempDir('ct-start-'), ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it.each([
    [
      { DATA_DIR: '/nonexistent' },
      'Copytech cannot start: DATA_DIR /nonexistent does not exist or is not a folder (it must hold catalogue/*.json and content/pages/*.json)',
    ],
    [{ SMTP_URL: 'smtp://' }, 'Copytech cannot start: SMTP_URL must name the mail server, e.g. smtp://mail.example.com:587, got no host'],
    [{ PORT: 'eighty' }, 'Copytech cannot start: PORT must be a non-negative integer, got "eighty"'],
  ])('%j is one line naming the setting, and exit code 1', (env, line) => {
    const result = start(env);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([line]);
  });

  it('a VAR_DIR that cannot be made names the setting and the path', () => {
    const blocker = path.join(tempDir('ct-start-'), 'a-file');
    fs.writeFileSync(blocker, '');
    const result = start({ VAR_DIR: path.join(blocker, 'var') });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^Copytech cannot start: VAR_DIR ${blocker}/var: cannot open the database ${blocker}/var/${DATABASE_FILENAME}: `),
    );
  });
});

describe('database integrity at start', () => {
  it('refuses a damaged database with a clear message, and opens a sound one', async () => {
    const varDir = tempDir('ct-integrity-');
    const app = await testApp(testConfig({ varDir }));
    await app.close();
    const file = path.join(varDir, DATABASE_FILENAME);
    // Overwrite the middle of the file (table and index pages, past the header) with garbage.
    const bytes = fs.readFileSync(file);
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    for (let i = 16 * 1024; i < bytes.length - 4096; i += 512) bytes.fill(0x5a, i, i + 64);
    fs.writeFileSync(file, bytes);
    await expect(openDatabase(varDir)).rejects.toThrow(StartupError);
    await expect(openDatabase(varDir)).rejects.toThrow(
      new RegExp(`^VAR_DIR ${varDir}: the database ${file} is damaged \\(.+\\); restore it from a backup`),
    );

    const sound = await openDatabase(tempDir('ct-integrity-'));
    await sound.destroy();
  });

  it("runs quick_check, which finds damage that opening the file does not: here, the outbox table's page", async () => {
    const varDir = tempDir('ct-integrity-');
    await (await testApp(testConfig({ varDir }))).close();
    const file = path.join(varDir, DATABASE_FILENAME);
    const Sqlite = (await import('better-sqlite3')).default;
    const raw = new Sqlite(file, { readonly: true });
    const pageSize = raw.pragma('page_size', { simple: true }) as number;
    const { rootpage } = raw.prepare("select rootpage from sqlite_master where type = 'table' and name = 'outbox'").get() as {
      rootpage: number;
    };
    raw.close();
    const bytes = fs.readFileSync(file);
    bytes.fill(0xa5, (rootpage - 1) * pageSize, rootpage * pageSize);
    fs.writeFileSync(file, bytes);
    await expect(openDatabase(varDir)).rejects.toThrow(/is damaged \(quick_check: /);
  });
});

describe('health', () => {
  it('is ok, live and ready on a healthy instance', async () => {
    const app = await testApp();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'live' });
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.json()).toMatchObject({ status: 'ok', reasons: [] });
    } finally {
      await app.close();
    }
  });

  it('is degraded, with its reasons, when mail has failed too long, rows are dead, the site is not built or the image cache is unwritable', async () => {
    const clock = manualClock();
    const varDir = tempDir('ct-health-');
    // The image cache's path is a file: no folder can be made there, even as root.
    fs.writeFileSync(path.join(varDir, 'image-cache'), 'not a folder');
    const app = await testApp(testConfig({ varDir, serveSite: true, siteRoot: tempDir('ct-unbuilt-'), mailAlertAfterMinutes: 15 }), {
      clock,
    });
    try {
      const row = (status: string, attempts: number, createdAt: number) => ({
        id: randomUUID(),
        channel: 'mail',
        kind: 'quote-visitor',
        reference: null,
        payload: '{}',
        status,
        attempts,
        next_attempt_at: clock() + 60_000,
        last_error: 'ECONNREFUSED',
        created_at: new Date(createdAt).toISOString(),
        sent_at: null,
      });
      await app.db
        .insertInto('outbox')
        .values([row('pending', 3, clock() - 10 * 60_000), row('dead', 10, clock() - 20 * 3_600_000)])
        .execute();

      const health = async () =>
        (await app.inject({ method: 'GET', url: '/api/health' })).json() as {
          status: string;
          reasons: Array<{ code: string; message: string }>;
        };
      let body = await health();
      expect(body.status).toBe('degraded');
      expect(body.reasons.map((r) => r.code).sort()).toEqual(['image-cache-unwritable', 'outbox-dead', 'site-not-built']);

      // Ten minutes of failures is within the threshold; twenty is not.
      clock.advance(10 * 60_000);
      body = await health();
      expect(body.reasons.map((r) => r.code)).toContain('mail-failing');
      expect(body.reasons.find((r) => r.code === 'mail-failing')!.message).toMatch(/longer than 15 minutes/);
      // Degraded is still ready: the instance serves and stores.
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect(JSON.stringify(body)).not.toMatch(/@/);
    } finally {
      await app.close();
    }
  });

  it('an unwritable image cache still serves images, from memory, and warns once', async () => {
    const varDir = tempDir('ct-images-');
    fs.writeFileSync(path.join(varDir, 'image-cache'), 'not a folder');
    const { app, lines } = await loggedApp(testConfig({ varDir, dataDir: fixtureDataCopy() }));
    try {
      const url = '/assets/x270/canon/imagerunner-advance-dx-c5840i/front.png';
      const first = await app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/png');
      expect(first.rawPayload.length).toBeGreaterThan(500);
      const second = await app.inject({ method: 'GET', url });
      expect(second.statusCode).toBe(200);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/assets/x540/canon/imagerunner-advance-dx-c5840i/front.png' })).statusCode).toBe(200);
      const warnings = lines.filter((line) => line.level === 40 && /image cache/.test(line.msg));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toContain(`${path.join(varDir, 'image-cache')} cannot be written`);
    } finally {
      await app.close();
    }
  });
});
