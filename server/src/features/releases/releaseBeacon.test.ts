/** POST /api/releases/beacon (server/src/features/releases/beaconRoutes.ts): a browser's report of a remote that failed to load. */
import type { FastifyInstance } from 'fastify';
import { testApp, testConfig } from '../../../test/helpers';
import { siteWithReleases, storeRelease, TestReleases, useReleases } from '../../../test/releaseFixtures';

const siteRoot = siteWithReleases();
const candidate = storeRelease('checker', '0a1b2c3d4e5f', 'checker candidate');
let app: FastifyInstance;
let releases: TestReleases;

beforeEach(async () => {
  app = await testApp(testConfig({ siteRoot }));
  releases = new TestReleases(siteRoot, [candidate]);
  useReleases(app, releases);
});
afterEach(() => app.close());

const beacon = (payload: string, contentType = 'text/plain;charset=UTF-8', ip = '203.0.113.9') =>
  app.inject({ method: 'POST', url: '/api/releases/beacon', headers: { 'content-type': contentType }, payload, remoteAddress: ip });

describe('the release beacon', () => {
  it('counts a browser failure of a release this site knows (as sendBeacon sends it: text/plain, or JSON)', async () => {
    releases.set('checker', { canary: { release: candidate, percent: 10 } });
    expect((await beacon(JSON.stringify({ remote: 'checker', release: candidate.id }))).statusCode).toBe(204);
    expect((await beacon(JSON.stringify({ remote: 'content', release: 'local' }), 'application/json')).statusCode).toBe(204);
    expect(releases.failures).toEqual([`checker@${candidate.id} browser`, 'content@local browser']);
  });

  it('ignores a release or remote it does not know (204, nothing counted) and refuses what is not a beacon (400)', async () => {
    expect((await beacon(JSON.stringify({ remote: 'checker', release: '999999999999' }))).statusCode).toBe(204);
    for (const bad of [
      '{"remote":"admin","release":"local"}',
      '{"remote":"checker","release":"../../x"}',
      'not json',
      '[]',
      '{"remote":"checker"}',
    ]) {
      expect((await beacon(bad)).statusCode).toBe(400);
    }
    expect(releases.failures).toEqual([]);
  });

  it('takes at most 1 KB', async () => {
    const padded = JSON.stringify({ remote: 'checker', release: 'local', pad: 'x'.repeat(1100) });
    expect((await beacon(padded)).statusCode).toBe(413);
    expect(releases.failures).toEqual([]);
  });

  it('is rate limited: 30 a minute per IP', async () => {
    const body = JSON.stringify({ remote: 'checker', release: 'local' });
    for (let i = 0; i < 30; i += 1) expect((await beacon(body)).statusCode).toBe(204);
    expect((await beacon(body)).statusCode).toBe(429);
    expect((await beacon(body, undefined, '203.0.113.10')).statusCode).toBe(204);
    expect(releases.failures).toHaveLength(31);
  });
});
