/**
 * The Content-Security-Policy (src/http/security.ts) as a whole, directive by directive: which
 * origins each one lets in (the remotes' releases, the marketing script's), which it never does,
 * and that the policy follows the live releases. securityHeaders.test.ts and hardening.test.ts try
 * the headers through requests.
 */
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { LiveSnapshot, Release } from '../src/pages/releases/model';
import { allowedOrigins, createCspForReleases, cspHeader, originOf, releaseOrigins, snapshotReleases } from '../src/http/security';
import { testConfig } from './helpers';

const env = {
  REMOTE_CATALOGUE_URL: 'https://catalogue.cdn.example.com/v42/mf-manifest.json',
  REMOTE_BASKET_URL: '/remotes/basket/mf-manifest.json',
  REMOTE_CHECKER_URL: 'https://catalogue.cdn.example.com/checker/mf-manifest.json',
  MARKETING_SCRIPT_URL: 'https://mautic.example.com/mtc.js',
};

/** The policy as directive -> sources, in order. */
const parse = (header: string) => header.split(';').map((d) => d.split(' '));

describe('the Content-Security-Policy', () => {
  it('names every directive, with the remotes’ and the marketing origins only where they are needed', () => {
    const remote = 'https://catalogue.cdn.example.com';
    const marketing = 'https://mautic.example.com';
    expect(parse(cspHeader(testConfig({}, env)))).toEqual([
      ['default-src', "'self'"],
      ['script-src', "'self'", remote, marketing],
      ['style-src', "'self'", remote],
      ['img-src', "'self'", 'data:', 'blob:', remote, marketing],
      ['font-src', "'self'", 'data:', remote],
      ['connect-src', "'self'", remote, marketing],
      ['frame-ancestors', "'none'"],
      ['frame-src', "'self'", marketing],
      ['object-src', "'none'"],
      ['base-uri', "'self'"],
      ['form-action', "'self'"],
    ]);
  });

  it('is self only without remotes on another origin or a marketing script', () => {
    const header = cspHeader(testConfig({}, {}));
    expect(header).toBe(
      "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';frame-ancestors 'none';frame-src 'self';object-src 'none';base-uri 'self';form-action 'self'",
    );
  });

  it('takes the releases’ origins instead of the configured remotes when given them', () => {
    const config = testConfig({}, env);
    expect(allowedOrigins(config, ['https://a.example.com'])).toEqual({
      remotes: ['https://a.example.com'],
      marketing: ['https://mautic.example.com'],
    });
    expect(allowedOrigins(config, [])).toEqual({ remotes: [], marketing: ['https://mautic.example.com'] });
    expect(allowedOrigins(config)).toEqual({ remotes: ['https://catalogue.cdn.example.com'], marketing: ['https://mautic.example.com'] });
  });
});

describe('origins', () => {
  it('are those of absolute http and https URLs only', () => {
    expect(originOf('https://cdn.example.com:8443/a/b.json?x=1')).toBe('https://cdn.example.com:8443');
    expect(originOf('http://cdn.example.com/a.json')).toBe('http://cdn.example.com');
    for (const url of [
      '/remotes/basket/mf-manifest.json',
      'ftp://cdn.example.com/a.json',
      'data:text/plain,x',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ])
      expect([url, originOf(url)]).toEqual([url, null]);
  });

  it('of releases: each once, none for a release on this server', () => {
    expect(
      releaseOrigins([
        { manifestUrl: 'https://a.example.com/1/mf-manifest.json' },
        { manifestUrl: '/releases/basket/r1/mf-manifest.json' },
        { manifestUrl: 'https://a.example.com/2/mf-manifest.json' },
        { manifestUrl: 'https://b.example.com/mf-manifest.json' },
      ]),
    ).toEqual(['https://a.example.com', 'https://b.example.com']);
  });
});

const release = (remote: RemoteName, manifestUrl: string) => ({ remote, id: `${remote}-1`, manifestUrl }) as unknown as Release;

/** A snapshot with every remote live on this server, but those given. */
function snapshot(overrides: Partial<Record<RemoteName, { live: Release; canary?: Release }>> = {}): LiveSnapshot {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const given = overrides[name];
      const live = given?.live ?? release(name, `/remotes/${name}/mf-manifest.json`);
      return [name, { live, canary: given?.canary ? { release: given.canary } : null }];
    }),
  );
  return { version: 1, remotes } as unknown as LiveSnapshot;
}

describe('the policy for the live releases', () => {
  const config = testConfig({}, env);
  const cdn = release('catalogue', 'https://cdn.example.com/catalogue/7/mf-manifest.json');
  const canary = release('checker', 'https://canary.example.com/checker/8/mf-manifest.json');

  it('lets in each remote’s live release and its canary', () => {
    const live = snapshot({ catalogue: { live: cdn }, checker: { live: release('checker', '/remotes/checker/mf-manifest.json'), canary } });
    expect(snapshotReleases(live).map((r) => r.manifestUrl)).toEqual(
      REMOTE_NAMES.flatMap((name) =>
        name === 'catalogue'
          ? [cdn.manifestUrl]
          : name === 'checker'
            ? ['/remotes/checker/mf-manifest.json', canary.manifestUrl]
            : [`/remotes/${name}/mf-manifest.json`],
      ),
    );
    const cspFor = createCspForReleases(config);
    expect(cspFor(live)).toBe(cspHeader(config, ['https://cdn.example.com', 'https://canary.example.com']));
  });

  it('follows a new snapshot, and adds a page’s previewed releases to that page’s policy only', () => {
    const cspFor = createCspForReleases(config);
    const before = snapshot({ catalogue: { live: cdn } });
    expect(cspFor(before)).toBe(cspHeader(config, ['https://cdn.example.com']));
    const preview = release('basket', 'https://preview.example.com/basket/9/mf-manifest.json');
    expect(cspFor(before, [preview, cdn])).toBe(cspHeader(config, ['https://cdn.example.com', 'https://preview.example.com']));
    expect(cspFor(before)).toBe(cspHeader(config, ['https://cdn.example.com']));
    const after = snapshot();
    expect(cspFor(after)).toBe(cspHeader(config, []));
    expect(cspFor(after, [])).toBe(cspHeader(config, []));
  });
});
