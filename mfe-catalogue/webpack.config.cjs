// @ts-check
const { createAppConfig } = require('@copytech/shared/build');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'catalogue',
  exposes: {
    './CatalogueRoutes': './src/exposed/CatalogueRoutes.tsx',
    './FeaturedProducts': './src/exposed/FeaturedProducts.tsx',
  },
});
