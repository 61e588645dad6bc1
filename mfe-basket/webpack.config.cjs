// @ts-check
const { createAppConfig } = require('@copytech/shared/build');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'basket',
  exposes: {
    './BasketDrawer': './src/exposed/BasketDrawer.tsx',
    './InstantQuote': './src/exposed/InstantQuote.tsx',
  },
});
