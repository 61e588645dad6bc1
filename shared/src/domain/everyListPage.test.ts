import { everyListPage } from './everyListPage';
import { resolveSiteRoute } from './resolveSiteRoute';

describe('everyListPage', () => {
  const pages = everyListPage();

  it('lists each page once, each at a path the route rules answer with that list', () => {
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of pages) expect(resolveSiteRoute(page.path)).toMatchObject({ kind: 'list', list: { path: page.path } });
  });

  it('has every kind of list: all printers, each printer type and subcategory, scanners, finishers and the landing pages', () => {
    const paths = pages.map((page) => page.path);
    expect(paths).toEqual(expect.arrayContaining(['/printers', '/scanners', '/finishers', '/photocopiers', '/office-printers']));
    expect(paths.filter((path) => path.startsWith('/scanners/'))).toHaveLength(4);
    expect(pages.length).toBe(33);
  });
});
