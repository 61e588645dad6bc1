/** The footer's newsletter sign-up: POST /api/newsletter and its store. */
export { newsletterPlugin } from './newsletterRoutes';
