/**
 * First-touch campaign fields (docs/product-rules.md "Tracking, cookies and consent"), shared by the
 * browser capture and the server.
 */
export const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];
export type FirstTouchCampaign = Partial<Record<CampaignKey, string>>;
