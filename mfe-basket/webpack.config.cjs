// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

// Its name and exposes are the basket's entry in shared/apps.json.
module.exports = createAppConfigs({
  appDir: __dirname,
  // gzip bytes a visitor downloads per part, as measured plus about 10% (README "Byte budgets");
  // a build over budget fails. See the figures with BUDGET_REPORT=1 npm run build -w mfe-basket.
  budgets: {
    // The standalone page, with the comparison and its running costs: measured 157,606 B.
    firstLoad: 161_000,
    remoteEntry: 4_700,
    // The drawer: the comparison by kind, the commercial terms, the running costs and the quote's
    // figures with VAT and the total (measured 18,593 B).
    'expose:./BasketDrawer': 20_400,
    // The instant quote with its figures at volumes the buyer sets (the shared quote figures and
    // running-cost words: measured 12,480 B).
    'expose:./InstantQuote': 13_700,
    'lazy:forms': 17_800,
  },
});
