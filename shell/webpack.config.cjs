// @ts-check
const path = require('node:path');
const { createAppConfigs } = require('@copytech/shared/build');

// Its name and what it exposes to the server (ServerApp: the page frame and its routes) are the
// shell's entry in shared/apps.json.
module.exports = createAppConfigs({
  appDir: __dirname,
  template: path.join(__dirname, 'src', 'index.html'),
  // gzip bytes a visitor downloads per part (README "Byte budgets"); a build over budget fails.
  // See the figures with BUDGET_REPORT=1 npm run build -w shell. firstLoad is held at about 3% over
  // its measure (151,182 B), closer than the remotes': the shell is what every page downloads first.
  budgets: {
    firstLoad: 155_400,
    // Loaded on demand (lazy chunks), measured plus about 10%.
    'lazy:drawer': 2_300,
    'lazy:modal': 1_800,
    'lazy:newsletter': 900,
    'lazy:forms': 13_000,
    // the trouble page of a 503 (routes.tsx): measured 495 B
  },
});
