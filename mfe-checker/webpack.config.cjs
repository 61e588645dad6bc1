// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

// Its name and exposes are the checker's entry in shared/apps.json.
module.exports = createAppConfigs({
  appDir: __dirname,
  // gzip bytes a visitor downloads per part, as measured plus about 10% (the first load: about 8%)
  // (README "Byte budgets"); a build over budget fails. See the figures with
  // BUDGET_REPORT=1 npm run build -w mfe-checker.
  budgets: {
    firstLoad: 162_200,
    remoteEntry: 4_700,
    // The checker with the commercial terms and the checker for one machine (?machine=: its
    // product read, its words, the page-billing terms), the machine that fits, and the note shown
    // without JavaScript: measured 21,490 B.
    'expose:./SavingsChecker': 21_800,
    'lazy:checker-results': 8_600,
    'lazy:altcha': 33_000,
    'lazy:altcha-pbkdf2-worker': 2_100,
    'lazy:altcha-sha-worker': 2_000,
    'lazy:forms': 17_000,
  },
});
