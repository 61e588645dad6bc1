/** Contact-us enquiries and service requests: POST /api/enquiries/send, its store and its e-mails. */
export { enquiriesPlugin, enquiryFormPosts } from './enquiryRoutes';
