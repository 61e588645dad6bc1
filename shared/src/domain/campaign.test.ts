/** First-touch campaign fields (docs/product-rules.md "Tracking, cookies and consent"; the specification's five utm_* values). */
import { campaignFromSearch } from '../tracking/campaign';
import { CAMPAIGN_KEYS } from './campaign';

it("takes the specification's five utm_* values of a link, and nothing else", () => {
  expect(CAMPAIGN_KEYS).toEqual(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']);
  const link = '?utm_source=google&utm_medium=cpc&utm_campaign=autumn&utm_term=a3+copier&utm_content=ad1&utm_id=9&gclid=x';
  expect(campaignFromSearch(link)).toEqual({
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'autumn',
    utm_term: 'a3 copier',
    utm_content: 'ad1',
  });
});
