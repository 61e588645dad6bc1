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

  it("lists them in the sitemap's order: all printers, each type then its sub-categories, scanners, finishers, landing pages", () => {
    expect(pages.map((page) => page.path)).toEqual([
      '/printers',
      '/printers/multifunctionals',
      '/printers/multifunctionals/a3-colour',
      '/printers/multifunctionals/a3-mono',
      '/printers/multifunctionals/a4-colour',
      '/printers/multifunctionals/a4-mono',
      '/printers/multifunctionals/colour',
      '/printers/multifunctionals/mono',
      '/printers/print-only',
      '/printers/print-only/a4-colour',
      '/printers/print-only/a4-mono',
      '/printers/print-only/colour',
      '/printers/print-only/mono',
      '/printers/production',
      '/printers/production/colour',
      '/printers/production/mono',
      '/printers/plotters',
      '/printers/plotters/colour',
      '/printers/plotters/mono',
      '/scanners',
      '/scanners/personal',
      '/scanners/workgroup',
      '/scanners/departmental',
      '/scanners/production',
      '/finishers',
      '/finishers/stapling',
      '/finishers/booklet',
      '/finishers/punch',
      '/finishers/folding',
      '/finishers/inner',
      '/photocopiers',
      '/commercial-printers',
      '/office-printers',
    ]);
  });
});
