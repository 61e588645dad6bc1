import { resolveSiteRoute } from './resolveSiteRoute';
import {
  CHECKER_META,
  catalogueSectionOf,
  contentPagePaths,
  contentRouteOf,
  matchSitePath,
  pageSections,
  productRouteProblem,
  productTypeExists,
  NOT_FOUND,
  remoteOfRoute,
  type SiteRoute,
} from './siteRoutes';

const summary = (route: SiteRoute) => {
  switch (route.kind) {
    case 'content':
      return `content ${route.contentKind} ${route.slug}`;
    case 'list':
      return `list ${route.list.path}`;
    case 'product':
      return `product ${route.section} ${route.type ?? '-'} ${route.modelId}`;
    default:
      return route.kind;
  }
};

describe('resolveSiteRoute', () => {
  it.each([
    ['/', 'content page home'],
    ['/contact-us', 'content page contact-us'],
    ['/customer-support/', 'content page customer-support'],
    ['/services/print-audit', 'content service print-audit'],
    ['/discover-print-savings', 'checker'],
    ['/search', 'search'],
    ['/SEARCH/', 'search'],
    ['/printers', 'list /printers'],
    ['/printers/multifunctionals', 'list /printers/multifunctionals'],
    ['/printers/multifunctionals/a3-colour', 'list /printers/multifunctionals/a3-colour'],
    ['/printers/production/colour', 'list /printers/production/colour'],
    ['/scanners', 'list /scanners'],
    ['/scanners/workgroup', 'list /scanners/workgroup'],
    ['/finishers/booklet', 'list /finishers/booklet'],
    ['/photocopiers', 'list /photocopiers'],
    ['/office-printers', 'list /office-printers'],
    ['/commercial-printers', 'list /commercial-printers'],
    ['/PRINTERS/multifunctionals', 'list /printers/multifunctionals'],
    ['/printers/production/canon/imagepress-v1000', 'product printers production canonimagepressv1000'],
    ['/printers/faxes/canon/x1', 'product printers faxes canonx1'],
    ['/scanners/epson/es-60w', 'product scanners - epsones60w'],
    ['/scanners/production/kodak-alaris/s3100', 'product scanners production kodakalariss3100'],
    ['/finishers/konica-minolta/fs-539', 'product finishers - konicaminoltafs539'],
  ])('%s is %s', (path, expected) => {
    expect(summary(resolveSiteRoute(path))).toBe(expected);
  });

  it.each([
    '/no-such-page',
    '/printersx',
    '/services',
    '/services/Print_Audit',
    '/services/a/b',
    '/printers/multifunctionals/a5-colour',
    '/printers/purple',
    '/scanners/huge',
    '/finishers/glue',
    '/printers/a/b/c/d',
    '/finishers/a/b/c',
    '/scanners/a/b/c/d',
    '/printers//x',
    // an empty or encoded-slash segment is no part of a product's name
    '/scanners/epson//es-60w',
    '/scanners/epson%2Fx/es-60w',
    '/finishers/konica-minolta%2F/fs-539',
    '/%E0%A4%A',
    '/printers/multifunctionals/%2F/x',
    '/printers/multifunctionals/---/***',
    '/contact-us/more',
    '/discover-print-savings/step-2',
    '/search/canon',
    '/searches',
    '/toString',
    '/__proto__',
    '/scanners/constructor',
    '/finishers/hasOwnProperty',
    '/printers/toString',
  ])('%s is Not Found', (path) => {
    expect(resolveSiteRoute(path).kind).toBe('not-found');
  });

  it('names the remote that renders each kind of page', () => {
    expect(remoteOfRoute(resolveSiteRoute('/'))).toBe('content');
    expect(remoteOfRoute(resolveSiteRoute('/services/print-audit'))).toBe('content');
    expect(remoteOfRoute(resolveSiteRoute('/discover-print-savings'))).toBe('checker');
    expect(remoteOfRoute(resolveSiteRoute('/search'))).toBe('catalogue');
    expect(catalogueSectionOf(matchSitePath('/search'))).toBe('search');
    expect(remoteOfRoute(resolveSiteRoute('/photocopiers'))).toBe('catalogue');
    expect(remoteOfRoute(resolveSiteRoute('/finishers/konica-minolta/fs-539'))).toBe('catalogue');
    expect(remoteOfRoute(resolveSiteRoute('/nowhere'))).toBeNull();
  });

  it('matches a path as resolveSiteRoute does, lists by section and segments', () => {
    const paths = [
      '/',
      '/contact-us',
      '/services/print-audit',
      '/discover-print-savings',
      '/search',
      '/blog',
      '/photocopiers',
      '/printers',
      '/printers/multifunctionals/a3-colour',
      '/printers/nope',
      '/printers/multifunctionals/canon/x',
      '/scanners/production/fujitsu/fi-8170',
      '/finishers/a/b/c',
      '/nowhere',
    ];
    for (const path of paths) {
      const match = matchSitePath(path);
      const route = resolveSiteRoute(path);
      if (match.kind === 'list') expect(['list', 'not-found']).toContain(route.kind);
      else expect(route).toEqual(match);
    }
    expect(matchSitePath('/printers/multifunctionals/a3-colour')).toEqual({
      kind: 'list',
      section: 'printers',
      segments: ['multifunctionals', 'a3-colour'],
    });
  });

  it('names the catalogue section of a list or product path, and of no other', () => {
    const section = (path: string) => catalogueSectionOf(matchSitePath(path));
    expect(section('/printers')).toBe('printers');
    expect(section('/printers/multifunctionals/a3-colour')).toBe('printers');
    expect(section('/Photocopiers')).toBe('photocopiers');
    expect(section('/office-printers/')).toBe('office-printers');
    expect(section('/scanners/fujitsu/fi-8170')).toBe('scanners');
    expect(section('/finishers/konica-minolta/fs-539')).toBe('finishers');
    // A list path the catalogue has no list for is still the catalogue's to answer (its Not Found).
    expect(section('/printers/no-such-type')).toBe('printers');
    expect(resolveSiteRoute('/printers/no-such-type').kind).toBe('not-found');
    expect(section('/contact-us')).toBeNull();
    expect(section('/discover-print-savings')).toBeNull();
    expect(section('/nowhere')).toBeNull();
  });

  it('routes the blog and its posts to the content room; a malformed or nested post path is Not Found', () => {
    expect(resolveSiteRoute('/blog')).toEqual({ kind: 'blog', slug: null });
    expect(resolveSiteRoute('/blog/')).toEqual({ kind: 'blog', slug: null });
    expect(resolveSiteRoute('/blog/lease-or-buy-a-photocopier')).toEqual({ kind: 'blog', slug: 'lease-or-buy-a-photocopier' });
    for (const path of ['/blog/Lease_Or_Buy', '/blog/a/b', '/blog/-x', '/blog/toString%2F'])
      expect(resolveSiteRoute(path)).toEqual(NOT_FOUND);
    expect(remoteOfRoute(resolveSiteRoute('/blog/x'))).toBe('content');
  });

  it('knows the first segment of every page but home', () => {
    const pages = [
      '/contact-us',
      '/customer-support',
      '/about-us',
      '/newsletter',
      '/privacy-policy',
      '/cookie-policy',
      '/terms',
      '/services/print-audit',
      '/discover-print-savings',
      '/search',
      '/blog',
      '/photocopiers',
      '/commercial-printers',
      '/office-printers',
      '/printers',
      '/scanners',
      '/finishers',
    ];
    for (const page of pages) {
      expect(resolveSiteRoute(page).kind).not.toBe('not-found');
      expect(pageSections()).toContain(page.split('/')[1]);
    }
    expect([...pageSections()].sort()).toEqual(pages.map((page) => page.split('/')[1]).sort());
    expect(resolveSiteRoute('/printerz').kind).toBe('not-found');
  });
});

describe('whether a product may be shown at a product route', () => {
  const route = (path: string) => resolveSiteRoute(path) as Extract<SiteRoute, { kind: 'product' }>;
  const mfp = { productCategory: 'multifunctional-printer', productSpecification: 'office', isActive: 1 } as const;

  it('knows the types each section has', () => {
    expect(productTypeExists(route('/printers/multifunctionals/a/b'))).toBe(true);
    expect(productTypeExists(route('/printers/faxes/a/b'))).toBe(false);
    expect(productTypeExists(route('/printers/toString/a/b'))).toBe(false);
    expect(productTypeExists(route('/scanners/a/b'))).toBe(true);
    expect(productTypeExists(route('/scanners/production/a/b'))).toBe(true);
    expect(productTypeExists(route('/scanners/huge/a/b'))).toBe(false);
    expect(productTypeExists(route('/finishers/a/b'))).toBe(true);
  });

  it('allows the category for the type, and only an active product', () => {
    expect(productRouteProblem(route('/printers/multifunctionals/a/b'), mfp)).toBeNull();
    expect(productRouteProblem(route('/printers/plotters/a/b'), mfp)).toBe('Product type mismatch: multifunctional-printer not in plotter');
    expect(productRouteProblem(route('/printers/multifunctionals/a/b'), { ...mfp, isActive: 0 })).toBe('Product is not active');
    expect(productRouteProblem(route('/scanners/a/b'), mfp)).toMatch(
      /^Product type mismatch: multifunctional-printer not in production-scanners, /,
    );
    expect(
      productRouteProblem(route('/scanners/a/b'), {
        productCategory: 'personal-scanners',
        productSpecification: 'personal',
        isActive: true,
      }),
    ).toBeNull();
    expect(productRouteProblem(route('/finishers/a/b'), mfp)).toBe('Product type mismatch: multifunctional-printer not in finisher');
    expect(
      productRouteProblem(route('/finishers/a/b'), { productCategory: 'finisher', productSpecification: 'booklet', isActive: 1 }),
    ).toBeNull();
  });
});

describe('contentRouteOf: the content part of the one route table', () => {
  const paths = [
    '/',
    '/contact-us',
    '/Contact-Us/',
    '/customer-support?x=1',
    '/privacy-policy#top',
    '/cookie-policy',
    '/terms',
    '/home',
    '/services/print-audit',
    '/services/Bad_Slug',
    '/services',
    '/services/a/b',
    '/blog',
    '/blog/a-post',
    '/printers',
    '/search',
    '/discover-print-savings',
    '/contact-us/more',
    '//contact-us',
    '/%E0%A4%A',
    '/services//print-audit',
    '/services/a%2Fb',
    '/services/',
    '/services/print-audit/',
    '/services/print-audit!',
  ];
  it.each(paths)('answers %s as matchSitePath does', (path) => {
    const match = matchSitePath(path.split(/[?#]/)[0]!);
    expect(contentRouteOf(path)).toEqual(match.kind === 'content' ? { slug: match.slug, kind: match.contentKind } : null);
  });
  it('finds no page in an empty or encoded-slash segment, nor in a slug that only starts like one', () => {
    expect(contentRouteOf('/')).toEqual({ slug: 'home', kind: 'page' });
    expect(contentRouteOf('/services/print-audit/')).toEqual({ slug: 'print-audit', kind: 'service' });
    for (const path of ['/services//print-audit', '//contact-us', '/services/a%2Fb', '/services/']) expect(contentRouteOf(path)).toBeNull();
    expect(matchSitePath('/blog/a-post!')).toEqual(NOT_FOUND);
    expect(matchSitePath('/services/print-audit!')).toEqual(NOT_FOUND);
    expect(matchSitePath('/blog/a-post')).toEqual({ kind: 'blog', slug: 'a-post' });
  });
  it('has nothing below a landing page', () => {
    for (const landing of ['photocopiers', 'commercial-printers', 'office-printers']) {
      expect(matchSitePath(`/${landing}`)).toEqual({ kind: 'list', section: landing, segments: [] });
      expect(matchSitePath(`/${landing}/canon`)).toEqual(NOT_FOUND);
    }
  });
  it('lists the fixed content pages, home first, each matched at its path', () => {
    const pages = contentPagePaths();
    expect(pages[0]).toEqual({ path: '/', slug: 'home' });
    expect(pages.map((page) => page.slug)).toEqual([
      'home',
      'contact-us',
      'customer-support',
      'about-us',
      'newsletter',
      'privacy-policy',
      'cookie-policy',
      'terms',
    ]);
    for (const page of pages) expect(contentRouteOf(page.path)).toEqual({ slug: page.slug, kind: 'page' });
  });
});

describe("the checker's head (docs/product-rules.md)", () => {
  it('has its title, description and canonical path, the path the route table answers with the checker', () => {
    expect(CHECKER_META).toEqual({
      title: 'Discover print savings',
      description:
        'Find out what your business really pays per printed page, and what it would pay at Copytech’s prices. Free, in about three minutes.',
      canonicalPath: '/discover-print-savings',
    });
    expect(resolveSiteRoute(CHECKER_META.canonicalPath)).toEqual({ kind: 'checker' });
  });
});
