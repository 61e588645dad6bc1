// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

// Its name and exposes are the content room's entry in shared/apps.json.
module.exports = createAppConfigs({
  appDir: __dirname,
  // gzip bytes a visitor downloads per part, as measured plus about 8% (README "Byte budgets");
  // a build over budget fails. See the figures with BUDGET_REPORT=1 npm run build -w mfe-content.
  budgets: {
    firstLoad: 154_900,
    remoteEntry: 4_700,
    // The block renderer, with its rich text and the legal pages' tables and their data
    // (RETENTION_SCHEDULE, BROWSER_STORAGE): measured 11,006 B.
    'expose:./ContentPage': 12_500,
    'lazy:enquiry-form': 6_550,
    // Each urgency's standard from the commercial terms (useTerms, urgencyLabel): measured 6,196 B.
    'lazy:service-request-form': 6_750,
    'lazy:newsletter-signup': 2_200,
    'lazy:newsletter': 900,
    'lazy:forms': 18_400,
    // The blog's pages (/blog, /blog/{slug}): the posts' list, the article, the page links.
    'lazy:blog': 3_000,
    'lazy:policy-tables': 2_200,
  },
});
