// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

module.exports = createAppConfigs({
  appDir: __dirname,
  name: 'catalogue',
  exposes: {
    './CatalogueRoutes': './src/exposed/CatalogueRoutes.tsx',
    './FeaturedProducts': './src/exposed/FeaturedProducts.tsx',
    './SiteSearch': './src/exposed/SiteSearch.tsx',
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
    // The cards' prices read the commercial terms (useTerms, leaseOffer, rentalNote): +0.7 KB on the
    // featured products, +0.1 KB on the list and product pages (measured 7,588, 13,452 and 8,595 B).
    'lazy:product-list': 14_800,
    // The product page's running costs (RunningCosts: the prices per page, the monthly estimate
    // and its form, the page-billing terms): +2.5 KB (measured 8,926 B before, 11,454 B after).
    'lazy:product-page': 12_600,
    'expose:./FeaturedProducts': 8_350,
    // The header's typeahead, loaded when the search box is first used (never in a first load).
    'expose:./SiteSearch': 5_850,
    // The search page (/search), a lazy chunk of CatalogueRoutes like the lists; it shares their
    // chunk of cards and reads whole (see toSearchResponse in src/api/catalogueApi.ts).
    'lazy:search-page': 9_800,
  },
});
