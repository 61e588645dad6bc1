// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

module.exports = createAppConfigs({
  appDir: __dirname,
  name: 'checker',
  exposes: {
    './SavingsChecker': './src/exposed/SavingsChecker.tsx',
  },
  // gzip bytes a visitor downloads per part, as measured plus about 10% (README "Byte budgets"; the
  // first load and the expose: plus 8%, measured once yup and the results became lazy);
  // a build over budget fails. See the figures with BUDGET_REPORT=1 npm run build -w mfe-checker.
  // The write client left every page's first load for the chunks of the forms that write (with the
  // one contact form and the one newsletter form): those chunks' budgets grew by what moved, and the
  // first loads' shrank by what left them.
  budgets: {
    firstLoad: 162_200,
    remoteEntry: 4_700,
    // The checker reads the commercial terms (useTerms, the prices' words, the sections): measured 16,318 B.
    // The checker for one machine (?machine=: its product read, its words, the page-billing terms):
    // measured 19,451 B.
    'expose:./SavingsChecker': 21_400,
    'lazy:checker-results': 8_400,
    'lazy:altcha': 33_000,
    'lazy:altcha-pbkdf2-worker': 2_100,
    'lazy:altcha-sha-worker': 2_000,
    'lazy:forms': 17_000,
  },
});
