/**
 * @copytech/shared/domain: the pure domain rules (no React, no DOM, no stores, no module state, no
 * yup): catalogue rules, listings, paths, formatting, savings maths, the forms' messages and limits.
 * The server imports them from here, and so does browser code: this subpath is not a federation
 * shared key, so each app bundles (and tree-shakes) only what it uses.
 *
 * The yup schemas built from these rules are in '@copytech/shared/forms' (only their types are
 * re-exported here), so nothing imported from here brings yup into a page.
 */
export * from './product';
export * from './content';
export { CANARY_PAGE_VIEW_ID, REMOTE_NAMES, REQUIRED_EXPOSES } from '../contracts';
export type { CanaryPageView, CanaryReportBeacon, RemoteName, RemotesManifest } from '../contracts';
export * from './quote';
export * from './catalogue';
export * from './productKind';
export * from './productListing';
export * from './sectionLabels';
export * from './listPages';
export * from './everyListPage';
export * from './siteRoutes';
export * from './resolveSiteRoute';
export * from './documentHead';
export * from './troublePage';
export * from './productJsonLd';
export * from './api';
export * from './enquiry';
export * from './newsletter';
export * from './campaign';
export { COMPANY, CREDIT_BROKER_DISCLOSURE, companyRegistrationLine } from '../company';
export * from './savings';
export * from './loadOnce';
export * from './retention';
export * from './browserStorage';
export type { ContactDetails, QuoteRequest, EnquiryRequest, ServiceRequest, EnquiriesSendRequest, NewsletterSignup } from '../forms';
export * from './listUrl';
export * from './terms';
export * from './productCopy';
export * from './runningCosts';
export * from './vat';
export * from './quoteFigures';
export * from './termsPlaceholders';
export * from './search';
export * from './searchPage';
