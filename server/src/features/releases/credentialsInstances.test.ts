/**
 * The release credentials on two instances of one database, on SQLite (two processes' worth of
 * apps on one file) and on PostgreSQL: a deploy token made through one is accepted by the other
 * within the release poll, and refused by it within the poll once revoked; each instance's local
 * tokens work on both; a preview link revoked through one is refused by the other within the poll.
 * No restart anywhere.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { configOn, testApp } from '../../../test/helpers';
import { databases, type DatabaseKind } from '../../../test/postgres';
import { bearer, buildOf, localTokens, manifestGate, upload } from '../../../test/releasesFixtures';

// two app instances per case, each polling; a loaded machine needs more than Jest's 5 s to start them
jest.setTimeout(60_000);

/** Two instances on one database: on SQLite one VAR_DIR (its database file), on PostgreSQL a VAR_DIR each and one store. */
async function twoInstances(database: DatabaseKind): Promise<{ a: FastifyInstance; b: FastifyInstance; configs: [Config, Config] }> {
  const first = configOn(database);
  const second: Config =
    database === 'sqlite'
      ? { ...first }
      : {
          ...configOn('sqlite', { database: first.database }),
          releases: { ...first.releases, storeDir: path.join(first.varDir, 'releases') },
        };
  const a = await testApp(first, { releases: { gate: manifestGate } });
  const b = await testApp(second, { releases: { gate: manifestGate } });
  return { a, b, configs: [first, second] };
}

/** Waits until `probe` holds, trying every 10 ms; how long it took (ms). */
async function within(limitMs: number, probe: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

let probes = 0;
/** A write with `token` through `app`, from an address of its own each time (no budget is spent twice): its status. */
const statusOf = async (app: FastifyInstance, token: string) => {
  probes += 1;
  const answer = await app.inject({
    method: 'POST',
    url: '/api/releases/checker/rollback',
    payload: {},
    headers: bearer(token),
    remoteAddress: `10.77.${(probes >> 8) & 255}.${probes & 255}`,
  });
  return answer.statusCode;
};

describe.each(databases())('two instances on one %s database', (database) => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let configs: [Config, Config];
  beforeEach(async () => ({ a, b, configs } = await twoInstances(database)));
  afterEach(async () => Promise.all([a.close(), b.close()]));
  // within the poll: RELEASE_POLL_MS (500 ms), its read, and a loaded machine's delay
  const bound = () => 2 * configs[0].releases.pollMs + 500;

  it('a token made through one is accepted by the other within the poll, and refused by it within the poll once revoked', async () => {
    // each instance's local tokens (its own VAR_DIR's file, on PostgreSQL) work on both: the
    // second's, seeded when it started, on the first within the poll
    for (const config of configs)
      for (const app of [a, b]) await within(bound(), async () => (await statusOf(app, localTokens(config.varDir).checker)) === 409);
    const { platform } = localTokens(configs[0].varDir);
    const made = await a.inject({
      method: 'POST',
      url: '/api/releases/tokens',
      payload: { scope: 'checker', label: 'ci' },
      headers: bearer(platform),
    });
    expect(made.statusCode).toBe(201);
    const { token, id } = made.json() as { token: string; id: string };
    const accepted = await within(bound(), async () => (await statusOf(b, token)) === 409);
    expect(accepted).toBeLessThan(bound());

    const revoked = await a.inject({ method: 'POST', url: `/api/releases/tokens/${id}/revoke`, headers: bearer(platform) });
    expect(revoked.statusCode).toBe(200);
    expect(await statusOf(a, token)).toBe(401);
    const refused = await within(bound(), async () => (await statusOf(b, token)) === 401);
    expect(refused).toBeLessThan(bound());
  });

  it('a preview link revoked through one is refused by the other within the poll', async () => {
    const { checker } = localTokens(configs[0].varDir);
    const { release } = (await upload(a, 'checker', checker, buildOf('checker'))).json() as { release: string };
    await within(bound(), () => b.releases.find('checker', release) !== null);
    const answer = await a.inject({ method: 'POST', url: '/api/releases/checker/preview', payload: { release }, headers: bearer(checker) });
    const link = new URL((answer.json() as { url: string }).url).searchParams.get('t')!;
    expect(b.releases.verifyPreview(link).ok).toBe(true);

    expect(
      (await a.inject({ method: 'POST', url: '/api/releases/checker/preview/revoke', payload: {}, headers: bearer(checker) })).statusCode,
    ).toBe(200);
    expect(a.releases.verifyPreview(link)).toEqual({ ok: false, reason: 'revoked' });
    const refused = await within(bound(), () => {
      const check = b.releases.verifyPreview(link);
      return !check.ok && check.reason === 'revoked';
    });
    expect(refused).toBeLessThan(bound());
    expect((await b.inject({ url: `/preview?t=${link}` })).statusCode).toBe(410);
  });
});
