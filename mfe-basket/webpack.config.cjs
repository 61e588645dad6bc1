// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

module.exports = createAppConfigs({
  appDir: __dirname,
  name: 'basket',
  exposes: {
    './BasketDrawer': './src/exposed/BasketDrawer.tsx',
    './InstantQuote': './src/exposed/InstantQuote.tsx',
  },
  // gzip bytes a visitor downloads per part, as measured plus about 10% (README "Byte budgets");
  // a build over budget fails. See the figures with BUDGET_REPORT=1 npm run build -w mfe-basket.
  budgets: {
    firstLoad: 158_000,
    remoteEntry: 4_700,
    'expose:./BasketDrawer': 10_700,
    'expose:./InstantQuote': 7_600,
    'lazy:forms': 17_800,
  },
});
