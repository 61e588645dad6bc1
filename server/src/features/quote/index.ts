/** The basket's quote: POST /api/quote, its store and its e-mails. */
export { quotePlugin } from './quoteRoutes';
