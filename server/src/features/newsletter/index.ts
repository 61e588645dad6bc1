/** The footer's newsletter sign-up: POST /api/newsletter and its store. */
export { newsletterFormPost, newsletterPlugin } from './newsletterRoutes';
