// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

module.exports = createAppConfigs({
  appDir: __dirname,
  name: 'catalogue',
  exposes: {
    './CatalogueRoutes': './src/exposed/CatalogueRoutes.tsx',
    './FeaturedProducts': './src/exposed/FeaturedProducts.tsx',
  },
  // gzip bytes a visitor downloads per part, as measured plus about 10% (README "Byte budgets");
  // a build over budget fails. See the figures with BUDGET_REPORT=1 npm run build -w mfe-catalogue.
  budgets: {
    firstLoad: 161_000,
    remoteEntry: 4_700,
    // The routes with the site's route matching (siteRoutes.ts and the catalogue rules it uses,
    // which both kinds of page need); each kind of page is a lazy chunk of its own (a product page
    // does not download the list definitions and filters, nor a list the product page until idle).
    'expose:./CatalogueRoutes': 3_700,
    // 13.1 KB measured once lists gained their page links (Page N of M, Previous, Next), the
    // pages kept in history for Back, and the list URL rules shared with the server (listUrl.ts).
    'lazy:product-list': 14_500,
    'lazy:product-page': 8_500,
    'expose:./FeaturedProducts': 6_900,
  },
});
