// @ts-check
const { createAppConfig } = require('@copytech/shared/build');

const appConfig = createAppConfig({
  appDir: __dirname,
  name: 'catalogue',
  exposes: {
    './CatalogueRoutes': './src/exposed/CatalogueRoutes.tsx',
    './FeaturedProducts': './src/exposed/FeaturedProducts.tsx',
  },
});

/**
 * The dev server answers every path of the catalogue (/printers/plotters/…) with the standalone
 * page, so there its scripts must load from the root, not relative to the path ('auto').
 * @type {typeof appConfig}
 */
module.exports = (env, argv) => {
  const config = appConfig(env, argv);
  if (argv.mode === 'development') {
    for (const plugin of config.plugins ?? []) {
      if (plugin && plugin.constructor && plugin.constructor.name === 'HtmlWebpackPlugin') {
        /** @type {{ options: Record<string, unknown> }} */ (/** @type {unknown} */ (plugin)).options.publicPath = '/';
      }
    }
  }
  return config;
};
