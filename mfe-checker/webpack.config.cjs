// @ts-check
const { createAppConfig } = require('@copytech/shared/build');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'checker',
  exposes: {
    './SavingsChecker': './src/exposed/SavingsChecker.tsx',
  },
});
