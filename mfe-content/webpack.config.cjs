// @ts-check
const { createAppConfigs } = require('@copytech/shared/build');

module.exports = createAppConfigs({
  appDir: __dirname,
  name: 'content',
  exposes: {
    './ContentPage': './src/exposed/ContentPage.tsx',
  },
  // gzip bytes a visitor downloads per part, as measured plus about 8% (README "Byte budgets");
  // a build over budget fails. See the figures with BUDGET_REPORT=1 npm run build -w mfe-content.
  // Measured 2026-11: firstLoad 151.8 KB (kept at its earlier, tighter line), remoteEntry 9.3 KB (4.0 KB
  // once the bundler runtime came from the page),
  // ContentPage 9.5 KB: up 0.5 KB as it now holds the rich-text renderer, which replaced an
  // 11.6 KB DOMPurify chunk (loaded on every service page) that no budget counted.
  // The write client left every page's first load for the chunks of the forms that write (with the
  // one contact form and the one newsletter form): those chunks' budgets grew by what moved, and the
  // first loads' shrank by what left them.
  budgets: {
    firstLoad: 154_900,
    remoteEntry: 4_700,
    // 11.1 KB (11,380 B) since the legal pages' tables (retentionTable, storageTable) and their
    // data (RETENTION_SCHEDULE, BROWSER_STORAGE) joined the block renderer: +1.6 KB, budget +10%.
    'expose:./ContentPage': 12_500,
    'lazy:enquiry-form': 5_550,
    // Each urgency's standard from the commercial terms (useTerms, urgencyLabel): measured 6,137 B.
    'lazy:service-request-form': 6_750,
    'lazy:newsletter-signup': 1_850,
    'lazy:newsletter': 900,
    'lazy:forms': 18_400,
    // The blog's pages (/blog, /blog/{slug}): the posts' list, the article, the page links.
    'lazy:blog': 2_700,
    'lazy:policy-tables': 2_000,
  },
});
