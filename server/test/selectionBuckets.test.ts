/**
 * A fresh visitor's canary bucket (server/src/pages/releases/selection.ts) is any whole number 0 to
 * 99, the lowest and the highest included: at 99% one visitor in a hundred stays on live, at 1% one
 * gets the candidate. The random draw is replaced by its lowest and highest outcomes here, so the
 * test never depends on chance.
 */
import { randomInt } from 'node:crypto';
import { chooseReleases, parseCookies } from '../src/pages/releases/selection';
import { siteWithReleases, storeRelease, TestReleases } from './releaseFixtures';

jest.mock('node:crypto', () => ({ ...jest.requireActual('node:crypto'), randomInt: jest.fn() }));
const draw = randomInt as unknown as jest.Mock<number, [number]>;

const siteRoot = siteWithReleases();
const candidate = storeRelease('checker', '0a1b2c3d4e5f', 'checker candidate');

function freshVisitor(percent: number) {
  const releases = new TestReleases(siteRoot, [candidate]);
  releases.set('checker', { canary: { release: candidate, percent } });
  const chosen = chooseReleases(releases, {}, releases.verifyPreview, { secure: false });
  const bucket = parseCookies(chosen.setCookies.map((header) => header.split(';')[0]).join('; ')).ct_canary;
  return { bucket, as: chosen.selection.checker.as };
}

describe("a fresh visitor's bucket", () => {
  afterEach(() => draw.mockReset());

  it('at the top of the draw is 99: on live at 99%', () => {
    draw.mockImplementation((max) => max - 1);
    expect(freshVisitor(99)).toEqual({ bucket: '99', as: 'live' });
  });

  it('at the bottom of the draw is 0: on the candidate at 1%', () => {
    draw.mockImplementation(() => 0);
    expect(freshVisitor(1)).toEqual({ bucket: '0', as: 'canary' });
  });
});
