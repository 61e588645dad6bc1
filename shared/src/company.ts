/**
 * Company facts shown in the header strip, footer and contact pages (one source for every room).
 * One phone number per purpose (docs/product-rules.md "Commercial terms"): sales (also the header's
 * "Talk to an expert" and the hub bar) and support (faults, toner, meter readings). No other number.
 */
export const COMPANY = {
  name: 'Copytech',
  legalName: 'Copytech (UK) Ltd',
  groupName: 'Copytech Group',
  groupUrl: 'https://www.copytechgroup.co.uk/',
  salesPhone: '0330 058 0590',
  supportPhone: '0330 058 0595',
  email: 'sales@copytech.co.uk',
  address: ['Unit 4, Meridian Business Park', 'Leicester', 'LE19 1WX'],
  averageDeliveryTime: 'Average delivery time 2 minutes',
} as const;

/** tel: link target for a UK number written with spaces. */
export function telHref(phone: string): string {
  return `tel:+44${phone.replace(/\s+/g, '').replace(/^0/, '')}`;
}
