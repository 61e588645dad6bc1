/**
 * The index page's head: the remotes configuration inline, each locally served remote by its entry
 * script, and preloads for the module that renders the route (server/src/pages/startupHints.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { RECHECK_MS, parseRemoteManifest } from '../src/pages/localManifests';
import { tempDir, testApp, testConfig } from './helpers';

/** The fields of an mf-manifest.json the server reads (the build writes many more). */
function manifest(entry = 'remoteEntry.js') {
  return {
    id: 'x',
    name: 'x',
    metaData: { remoteEntry: { name: entry, path: '', type: 'global' }, publicPath: 'auto', globalName: 'x' },
    shared: [],
    remotes: [],
    exposes: [
      { id: 'x:A', name: 'A', path: './A', assets: { js: { sync: ['a.1111111111.js'], async: [] }, css: { sync: [], async: [] } } },
    ],
  };
}

describe('the startup hints in the index page', () => {
  const siteRoot = tempDir('ct-hints-');
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(siteRoot, file)), { recursive: true });
    fs.writeFileSync(path.join(siteRoot, file), content);
  };
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
  );
  write('mfe-catalogue/dist/mf-manifest.json', JSON.stringify(manifest()));
  write('mfe-content/dist/mf-manifest.json', JSON.stringify(manifest()));
  write('mfe-checker/dist/mf-manifest.json', '{ not json');
  // basket: no build on disk at all.

  const siteApp = (env: NodeJS.ProcessEnv = {}) => testApp(testConfig({ serveSite: true, siteRoot }, env));

  async function head(url: string, env: NodeJS.ProcessEnv = {}) {
    const app = await siteApp(env);
    try {
      const res = await app.inject({ method: 'GET', url });
      const html = res.body;
      const inline = /<script type="application\/json" id="copytech-remotes">(.*?)<\/script>/.exec(html);
      const preloads = [...html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
      return { status: res.statusCode, html, remotes: inline ? JSON.parse(inline[1]!) : null, preloads };
    } finally {
      await app.close();
    }
  }

  it('carries the remotes configuration, naming a locally built remote by its entry script', async () => {
    const { remotes, html } = await head('/printers/multifunctionals');
    expect(remotes).toEqual({
      remotes: {
        catalogue: '/remotes/catalogue/remoteEntry.js',
        content: '/remotes/content/remoteEntry.js',
        // An unreadable manifest or no build: the manifest URL, as /remotes.json says.
        checker: '/remotes/checker/mf-manifest.json',
        basket: '/remotes/basket/mf-manifest.json',
      },
      timeoutMs: 8000,
      // The release of each remote the page uses: with nothing configured, each one's local build.
      releases: { catalogue: 'local', basket: 'local', checker: 'local', content: 'local' },
    });
    // In the head, before the page's scripts run.
    expect(html.indexOf('copytech-remotes')).toBeLessThan(html.indexOf('</head>'));
  });

  it('preloads the entry script of the remote that renders the route, and only that', async () => {
    expect((await head('/printers/multifunctionals')).preloads).toEqual(['script /remotes/catalogue/remoteEntry.js']);
    expect((await head('/services/print-audit')).preloads).toEqual(['script /remotes/content/remoteEntry.js']);
    // The checker's manifest is unreadable: no preloads, and the page still works from the manifest URL.
    expect((await head('/discover-print-savings')).preloads).toEqual([]);
    // An unknown page renders the shell's Not Found: nothing to preload.
    const missing = await head('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.preloads).toEqual([]);
    // An unknown list is the catalogue's Not Found: its entry is needed.
    const unknownList = await head('/printers/no-such-type');
    expect(unknownList.status).toBe(404);
    expect(unknownList.preloads).toEqual(['script /remotes/catalogue/remoteEntry.js']);
  });

  it('keeps a remote on another origin at its manifest URL, without preloads', async () => {
    const cdn = 'https://catalogue.cdn.example.com/v3/mf-manifest.json';
    const { remotes, preloads } = await head('/printers/multifunctionals', { REMOTE_CATALOGUE_URL: cdn });
    expect(remotes.remotes.catalogue).toBe(cdn);
    expect(preloads).toEqual([]);
  });

  it('follows a remote rebuilt on disk without a restart', async () => {
    const app = await siteApp();
    try {
      const before = (await app.inject({ method: 'GET', url: '/contact-us' })).body;
      expect(before).toContain('<link rel="preload" as="script" href="/remotes/content/remoteEntry.js">');
      write('mfe-content/dist/mf-manifest.json', JSON.stringify(manifest('entry-v2.js')));
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(path.join(siteRoot, 'mfe-content/dist/mf-manifest.json'), later, later);
      // The manifests are looked at again at most every RECHECK_MS.
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 50));
      const after = (await app.inject({ method: 'GET', url: '/contact-us' })).body;
      expect(after).toContain('<link rel="preload" as="script" href="/remotes/content/entry-v2.js">');
      expect(after).toContain('"content":"/remotes/content/entry-v2.js"');
    } finally {
      await app.close();
    }
  });
});

describe('parseRemoteManifest', () => {
  it('refuses what is not a manifest, or names files outside the remote', () => {
    expect(parseRemoteManifest(null, '/r/')).toBeNull();
    expect(parseRemoteManifest({ metaData: {} }, '/r/')).toBeNull();
    expect(
      parseRemoteManifest({ ...manifest(), metaData: { ...manifest().metaData, publicPath: 'https://cdn.example.com/' } }, '/r/'),
    ).toBeNull();
    expect(parseRemoteManifest(manifest('../../etc/passwd'), '/r/')).toBeNull();
    expect(parseRemoteManifest(manifest('https://evil.example.com/x.js'), '/r/')).toBeNull();
    expect(parseRemoteManifest(manifest('"><script>.js'), '/r/')).toBeNull();
    expect(parseRemoteManifest(manifest('/abs.js'), '/r/')).toBeNull();
    expect(parseRemoteManifest(manifest('remoteEntry.js'), '/r/')).toEqual({
      entry: '/r/remoteEntry.js',
      exposes: new Map([['A', { css: [], js: ['a.1111111111.js'] }]]),
    });
  });

  it('keeps only the safe files of each expose, by kind', () => {
    const css = ['ok.1111111111.css', '../../x.css', 'https://evil.example.com/x.css', '"><b>.css', 'not-a-stylesheet.js', 7];
    const js = ['ok.2222222222.js', '/abs.js', 'style.css'];
    const parsed = parseRemoteManifest(
      {
        ...manifest(),
        exposes: [{ name: 'A', assets: { css: { sync: css, async: ['lazy.3333333333.css'] }, js: { sync: js } } }, { assets: {} }],
      },
      '/r/',
    );
    expect(parsed?.exposes).toEqual(new Map([['A', { css: ['ok.1111111111.css', 'lazy.3333333333.css'], js: ['ok.2222222222.js'] }]]));
  });
});

describe('the first reads of a page, preloaded', () => {
  const siteRoot = tempDir('ct-hints-data-');
  fs.mkdirSync(path.join(siteRoot, 'shell/dist'), { recursive: true });
  fs.writeFileSync(
    path.join(siteRoot, 'shell/dist/index.html'),
    '<!doctype html><html><head></head><body><div id=root></div></body></html>',
  );

  async function withSite<T>(
    run: (get: (url: string) => Promise<string[]>, app: Awaited<ReturnType<typeof testApp>>) => Promise<T>,
  ): Promise<T> {
    const app = await testApp(testConfig({ serveSite: true, siteRoot }));
    const get = async (url: string) => {
      const html = (await app.inject({ method: 'GET', url })).body;
      return [...html.matchAll(/<link rel="preload" as="(fetch|image)" href="([^"]+)"([^>]*)>/g)].map((m) => `${m[1]} ${m[2]}${m[3]}`);
    };
    try {
      return await run(get, app);
    } finally {
      await app.close();
    }
  }

  it('preloads a content page by its slug, as the content room fetches it', async () => {
    await withSite(async (get) => {
      expect(await get('/')).toEqual(['fetch /api/pages/slug/home crossorigin']);
      // The fixture CMS has no contact-us page: that page answers 404 and preloads nothing.
      expect(await get('/contact-us')).toEqual([]);
      expect(await get('/services/print-audit/')).toEqual(['fetch /api/pages/slug/print-audit crossorigin']);
      // A list page starts with no single read worth naming here; the checker with none at all.
      expect(await get('/printers/multifunctionals')).toEqual([]);
      expect(await get('/discover-print-savings')).toEqual([]);
      expect(await get('/no-such-page')).toEqual([]);
    });
  });

  it("preloads a product page's product and main image, and nothing for an unknown or inactive product", async () => {
    await withSite(async (get, app) => {
      const { productPath } = await import('@copytech/shared/domain');
      const all = [
        ...(await app.inject({ method: 'GET', url: '/api/printers/all?limit=48' })).json().results,
        ...(await app.inject({ method: 'GET', url: '/api/scanners/all?limit=48' })).json().results,
      ] as Array<{ modelId: string; productCategory: string; brand: string; model: string; images: Array<{ filename: string }> }>;
      const printer = all.find((p) => p.productCategory === 'multifunctional-printer' && p.images.length)!;
      const scanner = all.find((p) => /scanners$/.test(p.productCategory))!;
      expect(printer && scanner).toBeTruthy();
      const printerPage = productPath(printer as never);
      expect(await get(printerPage)).toEqual([
        `fetch /api/v3/products/${printer.modelId} crossorigin`,
        `image /assets/x540/${printerPage.split('/').slice(-2).join('/')}/front.png fetchpriority="high"`,
      ]);
      const scannerPage = productPath(scanner as never);
      expect((await get(scannerPage))[0]).toBe(`fetch /api/scanners/getsinglescanner/${scanner.modelId} crossorigin`);
      expect(await get('/printers/multifunctionals/nobody/no-such-model')).toEqual([]);
      // Konica Minolta bizhub C4051i is inactive in the fixture data: its page is Not Found.
      expect(await get('/printers/multifunctionals/konica-minolta/bizhub-c4051i')).toEqual([]);
    });
  });
});
