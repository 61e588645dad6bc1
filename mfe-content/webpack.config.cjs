// @ts-check
const { createAppConfig } = require('@copytech/shared/build');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'content',
  exposes: {
    './ContentPage': './src/exposed/ContentPage.tsx',
  },
  // gzip bytes a visitor downloads per part, as measured plus about 10% (README "Byte budgets");
  // a build over budget fails. See the figures with BUDGET_REPORT=1 npm run build -w mfe-content.
  budgets: {
    firstLoad: 156_000,
    remoteEntry: 10_500,
    'expose:./ContentPage': 9_700,
  },
});
