// @ts-check
const { createAppConfig } = require('@copytech/shared/build');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'content',
  exposes: {
    './ContentPage': './src/exposed/ContentPage.tsx',
  },
});
