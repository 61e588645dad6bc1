// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

// Its name and exposes are the checker's entry in shared/apps.json.
module.exports = createAppConfigs({
  appDir: __dirname,
  // gzip bytes a visitor downloads per part, as measured plus about 10% (the first load: about 8%)
  // (README "Byte budgets"); a build over budget fails. See the figures with
  // BUDGET_REPORT=1 npm run build -w mfe-checker.
  budgets: {
    // the standalone page's first load, with the checker's steps as forms: measured 162,222 B
    firstLoad: 162_600,
    remoteEntry: 4_700,
    // The checker with the commercial terms and the checker for one machine (?machine=: its
    // product read, its words, the page-billing terms), the machine that fits, and its steps as
    // forms that post without JavaScript (their fields named, the answers hidden, the human check
    // without the widget): measured 23,450 B.
    'expose:./SavingsChecker': 23_700,
    // the results, with their Change buttons posting without JavaScript and what is offered in
    // place of the report's form there: measured 8,825 B
    'lazy:checker-results': 9_100,
    // a posted step read back, only on a page that answers one: measured 1,354 B
    'lazy:checker-posted': 1_500,
    'lazy:altcha': 33_000,
    'lazy:altcha-pbkdf2-worker': 2_100,
    'lazy:altcha-sha-worker': 2_000,
    'lazy:forms': 17_000,
  },
});
