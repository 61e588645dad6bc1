// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

// Its name and exposes are the catalogue's entry in shared/apps.json.
module.exports = createAppConfigs({
  appDir: __dirname,
  // gzip bytes a visitor downloads per part, as measured plus about 10% (README "Byte budgets");
  // a build over budget fails. See the figures with BUDGET_REPORT=1 npm run build -w mfe-catalogue.
  budgets: {
    firstLoad: 161_000,
    remoteEntry: 4_700,
    // The routes with the site's route matching (siteRoutes.ts and the catalogue rules it uses,
    // which both kinds of page need); each kind of page is a lazy chunk of its own (a product page
    // does not download the list definitions and filters, nor a list the product page until idle).
    'expose:./CatalogueRoutes': 3_700,
    // The lists, their cards and their prices from the commercial terms, the filters' GET forms, and
    // each card's instant-quote link without JavaScript and the A3 hint (measured 15,941 B).
    'lazy:product-list': 16_300,
    // The product page with its running costs: the prices per page, the monthly estimate and its
    // form (its volumes written to the address), the page-billing terms, the overview made from the
    // machine and the terms (measured 13,185 B).
    'lazy:product-page': 13_500,
    'expose:./FeaturedProducts': 8_350,
    // The header's typeahead, loaded when the search box is first used (never in a first load).
    'expose:./SiteSearch': 5_850,
    // The search page (/search), a lazy chunk of CatalogueRoutes like the lists; it shares their
    // chunk of cards and reads whole (see toSearchResponse in src/api/catalogueApi.ts).
    'lazy:search-page': 9_800,
  },
});
