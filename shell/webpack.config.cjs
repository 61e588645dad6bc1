// @ts-check
const path = require('node:path');
const { createAppConfig } = require('@copytech/shared/build');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'shell',
  template: path.join(__dirname, 'src', 'index.html'),
});
