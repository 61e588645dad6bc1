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
  /** Companies House: the registered company behind the site (the footer, the About page, every e-mail). */
  companyNumber: '09456213',
  registeredIn: 'England and Wales',
  /** HMRC VAT registration (a valid GB check sum: see company.test.ts). */
  vatNumber: 'GB 214 5689 56',
  registeredOffice: ['Unit 4, Meridian Business Park', 'Leicester', 'LE19 1WX'],
  /** Financial Conduct Authority firm reference number of the credit-broking permission (leases). */
  fcaFirmReference: '712345',
} as const;

/**
 * The lease-finance disclosure a UK firm that arranges finance must show: we are a credit broker,
 * not a lender, authorised by the FCA; we work with a limited number of lenders and may be paid a
 * commission. Shown in the footer, on the About page, on lease pages and in every e-mail.
 */
export const CREDIT_BROKER_DISCLOSURE = `${COMPANY.legalName} is authorised and regulated by the Financial Conduct Authority (firm reference number ${COMPANY.fcaFirmReference}) as a credit broker, not a lender. Leases are arranged with a limited number of finance providers, who may pay us a commission; finance is subject to status and available to businesses only.`;

/** One line that says who the company is in law: name, number, where registered, office, VAT. */
export function companyRegistrationLine(): string {
  return `${COMPANY.legalName}. Registered in ${COMPANY.registeredIn}, company number ${COMPANY.companyNumber}. Registered office: ${COMPANY.registeredOffice.join(', ')}. VAT number ${COMPANY.vatNumber}.`;
}

/** tel: link target for a UK number written with spaces. */
export function telHref(phone: string): string {
  return `tel:+44${phone.replace(/\s+/g, '').replace(/^0/, '')}`;
}
